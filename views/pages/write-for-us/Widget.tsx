import { useState, type FormEvent } from 'react';
import { apiFetch } from '#views/lib/request-json.ts';
import { articleLimits, HONEYPOT_FIELD } from '#views/pages/shared/form-limits.ts';
import { Honeypot } from '#views/pages/shared/Honeypot.tsx';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { leadSource } from '#views/model/source-page.ts';
import { formCopy } from './content.ts';

export interface WriteForUsWidgetProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
}

type Message = { kind: 'success' | 'error'; text: string } | null;

const empty = { title: '', author: '', email: '', content: '' };

export default function WriteForUsWidget({ idPrefix }: WriteForUsWidgetProps) {
  const [values, setValues] = useState(empty);
  const [trap, setTrap] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (field: keyof typeof empty) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    setSubmitting(true);
    try {
      // The pages it came from go along, so the editor sees where the writer found the call for articles.
      const source = leadSource(window.location, document.referrer);
      await apiFetch('/api/writeforus/submit', formCopy.failure, {
        body: { ...values, ...source, [HONEYPOT_FIELD]: trap },
      });
      setValues(empty);
      setMessage({ kind: 'success', text: formCopy.success });
    } catch (error) {
      // The server's reason, or the browser's own network message, else the spec's failure text.
      setMessage({ kind: 'error', text: error instanceof Error && error.message ? error.message : formCopy.failure });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="tool-card form-card" onSubmit={onSubmit} aria-labelledby={id('heading')}>
      <h2 id={id('heading')}>{formCopy.heading}</h2>
      <label htmlFor={id('title')}>{formCopy.titleLabel}</label>
      <input
        id={id('title')}
        name="title"
        type="text"
        required
        maxLength={articleLimits.title}
        value={values.title}
        onChange={(e) => set('title')(e.target.value)}
      />
      <label htmlFor={id('author')}>{formCopy.authorLabel}</label>
      <input
        id={id('author')}
        name="author"
        type="text"
        required
        autoComplete="name"
        maxLength={articleLimits.author}
        value={values.author}
        onChange={(e) => set('author')(e.target.value)}
      />
      <label htmlFor={id('email')}>{formCopy.emailLabel}</label>
      <input
        id={id('email')}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={articleLimits.email}
        aria-describedby={id('email-hint')}
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
      />
      <p id={id('email-hint')} className="field-hint">
        {formCopy.emailHint}
      </p>
      <label htmlFor={id('content')}>{formCopy.contentLabel}</label>
      <textarea
        id={id('content')}
        name="content"
        rows={10}
        required
        maxLength={articleLimits.content}
        value={values.content}
        onChange={(e) => set('content')(e.target.value)}
      />
      <Honeypot id={id('homepage')} value={trap} onChange={setTrap} />
      <div className="actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? formCopy.submitting : formCopy.submit}
        </button>
      </div>
      <div aria-live="polite">
        {message?.kind === 'success' ? <p className="success">{message.text}</p> : null}
        <ErrorMessage error={message?.kind === 'error' ? message.text : null} />
      </div>
    </form>
  );
}
