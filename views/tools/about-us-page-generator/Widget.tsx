import { useState, type FormEvent } from 'react';
import { CopyButton } from '#views/components/CopyButton.tsx';
import { aboutPageToHtml, aboutPageToText, countWords, generateAboutPage, joinList, missingDetails } from './logic.ts';
import { LIMITS, validateAboutForm, type AboutForm, type AboutPage } from './rules.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

export interface AboutWidgetProps {
  idPrefix: string;
}

const EMPTY: AboutForm = {
  companyName: '',
  description: '',
  foundedYear: '',
  location: '',
  story: '',
  offerings: '',
  audience: '',
  values: '',
  reasons: '',
  contact: '',
};

export default function AboutUsWidget({ idPrefix }: AboutWidgetProps) {
  const [form, setForm] = useState<AboutForm>(EMPTY);
  const [page, setPage] = useState<AboutPage | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [error, setError] = useState('');
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (key: keyof AboutForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  const blank = !form.companyName.trim() || !form.description.trim();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateAboutForm(form);
    if (!checked.ok) {
      setPage(null);
      setError(checked.error);
      return;
    }
    setError('');
    setPage(generateAboutPage(checked.input));
    setMissing(missingDetails(checked.input));
  }

  const html = page ? aboutPageToHtml(page) : '';
  const text = page ? aboutPageToText(page) : '';

  return (
    <div>
      <form className="tool-card" onSubmit={onSubmit} noValidate>
        <label htmlFor={id('company')}>Company name</label>
        <input
          id={id('company')}
          type="text"
          value={form.companyName}
          onChange={set('companyName')}
          maxLength={LIMITS.companyName}
          placeholder="Acme Digital"
        />
        <label htmlFor={id('description')}>What does your company do?</label>
        <textarea
          id={id('description')}
          rows={4}
          value={form.description}
          onChange={set('description')}
          maxLength={LIMITS.description}
          placeholder="We help small businesses in Delhi NCR get found on Google."
        />
        <div className="field-row">
          <div>
            <label htmlFor={id('year')}>Founding year (optional)</label>
            <input
              id={id('year')}
              type="text"
              inputMode="numeric"
              value={form.foundedYear}
              onChange={set('foundedYear')}
              maxLength={4}
              placeholder="2015"
            />
          </div>
          <div>
            <label htmlFor={id('location')}>Location (optional)</label>
            <input
              id={id('location')}
              type="text"
              value={form.location}
              onChange={set('location')}
              maxLength={LIMITS.location}
              placeholder="Rohini, Delhi"
            />
          </div>
        </div>
        <label htmlFor={id('story')}>How did you start? (optional)</label>
        <textarea
          id={id('story')}
          rows={3}
          value={form.story}
          onChange={set('story')}
          maxLength={LIMITS.story}
          placeholder="Started by two friends who ran a print shop in Karol Bagh."
        />
        <label htmlFor={id('offerings')}>Products or services, one per line (optional)</label>
        <textarea
          id={id('offerings')}
          rows={3}
          value={form.offerings}
          onChange={set('offerings')}
          placeholder={'Local SEO\nWebsite audits'}
        />
        <label htmlFor={id('audience')}>Who are your customers? (optional)</label>
        <input
          id={id('audience')}
          type="text"
          value={form.audience}
          onChange={set('audience')}
          maxLength={LIMITS.audience}
          placeholder="Local shops, clinics and startups"
        />
        <label htmlFor={id('values')}>Values, separated by commas (optional)</label>
        <input
          id={id('values')}
          type="text"
          value={form.values}
          onChange={set('values')}
          placeholder="Integrity, Transparency, Innovation"
        />
        <label htmlFor={id('reasons')}>Why do customers choose you? One reason per line (optional)</label>
        <textarea
          id={id('reasons')}
          rows={3}
          value={form.reasons}
          onChange={set('reasons')}
          placeholder={'Monthly reports in plain English\nNo lock-in contracts'}
        />
        <label htmlFor={id('contact')}>How can people reach you? (optional)</label>
        <input
          id={id('contact')}
          type="text"
          value={form.contact}
          onChange={set('contact')}
          maxLength={LIMITS.contact}
          placeholder="hello@example.com or +91 98765 43210"
        />
        <div className="actions">
          <button type="submit" className="button" disabled={blank}>
            Generate About Us Page
          </button>
        </div>
        <ErrorMessage error={error} />
      </form>
      {page ? (
        <section className="tool-card about-result" aria-label="Generated About Us page">
          <p className="result-summary">
            {countWords(text)} words, {page.sections.length} sections
          </p>
          <p className="muted about-note">
            The page says only what you typed.
            {missing.length > 0 ? ` Add your ${joinList(missing)} for a fuller page.` : ''}
          </p>
          <div className="about-preview">
            {page.sections.map((section, index) => (
              <div key={section.heading}>
                {index === 0 ? <h2>{section.heading}</h2> : <h3>{section.heading}</h3>}
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.list ? (
                  <ul>
                    {section.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ))}
          </div>
          <label htmlFor={id('html')}>HTML</label>
          <textarea id={id('html')} rows={8} readOnly value={html} />
          <div className="actions">
            <CopyButton text={html} label="Copy HTML" />
          </div>
          <label htmlFor={id('text')}>Plain text</label>
          <textarea id={id('text')} rows={8} readOnly value={text} />
          <div className="actions">
            <CopyButton text={text} label="Copy text" />
          </div>
        </section>
      ) : null}
    </div>
  );
}
