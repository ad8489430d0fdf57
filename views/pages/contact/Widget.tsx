import { useState, type FormEvent } from 'react';
import { ApiError, apiFetch } from '#views/lib/request-json.ts';
import { contactLimits, HONEYPOT_FIELD } from '#views/pages/shared/form-limits.ts';
import { Honeypot } from '#views/pages/shared/Honeypot.tsx';
import { formCopy } from './content.ts';

export interface ContactWidgetProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
}

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'error'; message: string };

const empty = { name: '', email: '', message: '' };

export default function ContactWidget({ idPrefix }: ContactWidgetProps) {
  const [values, setValues] = useState(empty);
  const [trap, setTrap] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (field: keyof typeof empty) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus({ kind: 'sending' });
    try {
      await apiFetch('/api/contact', formCopy.failure, { body: { ...values, [HONEYPOT_FIELD]: trap } });
      setValues(empty);
      setStatus({ kind: 'success' });
    } catch (caught) {
      // A 400 names the field to fix; anything else is our fault, so ask to try later.
      const fieldProblem = caught instanceof ApiError && caught.status === 400 && caught.fromServer;
      setStatus({ kind: 'error', message: fieldProblem ? caught.message : formCopy.failure });
    }
  }

  const sending = status.kind === 'sending';
  return (
    <form className="tool-card form-card" onSubmit={onSubmit} aria-labelledby={id('heading')}>
      <h2 id={id('heading')}>{formCopy.heading}</h2>
      <label htmlFor={id('name')}>{formCopy.nameLabel}</label>
      <input id={id('name')} name="name" type="text" required autoComplete="name" maxLength={contactLimits.name} value={values.name} onChange={(e) => set('name')(e.target.value)} />
      <label htmlFor={id('email')}>{formCopy.emailLabel}</label>
      <input id={id('email')} name="email" type="email" required autoComplete="email" maxLength={contactLimits.email} value={values.email} onChange={(e) => set('email')(e.target.value)} />
      <label htmlFor={id('message')}>{formCopy.messageLabel}</label>
      <textarea id={id('message')} name="message" rows={6} required maxLength={contactLimits.message} value={values.message} onChange={(e) => set('message')(e.target.value)} />
      <Honeypot id={id('website')} value={trap} onChange={setTrap} />
      <div className="actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? formCopy.sending : formCopy.submit}
        </button>
      </div>
      <div aria-live="polite">
        {status.kind === 'success' ? <p className="success">{formCopy.success}</p> : null}
        {status.kind === 'error' ? (
          <p className="error" role="alert">
            {status.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
