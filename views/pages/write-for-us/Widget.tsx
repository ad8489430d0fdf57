import { useState, type FormEvent } from 'react';
import { apiFetch } from '#views/lib/request-json.ts';
import { useRequest } from '#views/lib/use-request.ts';
import { articleLimits, HONEYPOT_FIELD } from '#views/pages/shared/form-limits.ts';
import { LeadFormEnd } from '#views/pages/shared/LeadFormEnd.tsx';
import { TextField } from '#views/components/TextField.tsx';
import { leadSource } from '#views/model/source-page.ts';
import { formCopy } from './content.ts';

export interface WriteForUsWidgetProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
}

const empty = { title: '', author: '', email: '', content: '' };

export default function WriteForUsWidget({ idPrefix }: WriteForUsWidgetProps) {
  const [values, setValues] = useState(empty);
  const [trap, setTrap] = useState('');
  // The server's reason, or the browser's own network message, else the spec's failure text.
  const sending = useRequest<string>((error) =>
    error instanceof Error && error.message ? error.message : formCopy.failure,
  );
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (field: keyof typeof empty) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void sending.run(async () => {
      // The pages it came from go along, so the editor sees where the writer found the call for articles.
      const source = leadSource(window.location, document.referrer);
      await apiFetch('/api/writeforus/submit', formCopy.failure, {
        body: { ...values, ...source, [HONEYPOT_FIELD]: trap },
      });
      setValues(empty);
      return formCopy.success;
    });
  }

  return (
    <form className="tool-card form-card" onSubmit={onSubmit} aria-labelledby={id('heading')}>
      <h2 id={id('heading')}>{formCopy.heading}</h2>
      <TextField
        id={id('title')}
        label={formCopy.titleLabel}
        name="title"
        required
        maxLength={articleLimits.title}
        value={values.title}
        onChange={set('title')}
      />
      <TextField
        id={id('author')}
        label={formCopy.authorLabel}
        name="author"
        required
        autoComplete="name"
        maxLength={articleLimits.author}
        value={values.author}
        onChange={set('author')}
      />
      <TextField
        id={id('email')}
        label={formCopy.emailLabel}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={articleLimits.email}
        hint={formCopy.emailHint}
        value={values.email}
        onChange={set('email')}
      />
      <TextField
        id={id('content')}
        label={formCopy.contentLabel}
        name="content"
        rows={10}
        required
        maxLength={articleLimits.content}
        value={values.content}
        onChange={set('content')}
      />
      <LeadFormEnd
        idPrefix={idPrefix}
        trap={trap}
        onTrap={setTrap}
        busy={sending.busy}
        label={formCopy.submit}
        busyLabel={formCopy.submitting}
        success={sending.result}
        error={sending.error}
      />
    </form>
  );
}
