import { CopyButton } from '#views/components/CopyButton.tsx';
import { aboutPageToHtml, aboutPageToText, countWords, joinList } from './logic.ts';
import type { AboutPage } from './rules.ts';

/** The generated page: a preview, then its HTML and plain text to copy. */
export function AboutResult({ idPrefix, page, missing }: { idPrefix: string; page: AboutPage; missing: string[] }) {
  const html = aboutPageToHtml(page);
  const text = aboutPageToText(page);
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
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
  );
}
