import { useEffect, useState } from 'react';
import { useLocalTime } from '#views/lib/local-time.ts';
import { requestJson } from '#views/lib/request-json.ts';
import { auditChoiceLabel, finishedAudits, type AuditChoice } from './logic.ts';

/** The select's value that shows the field for a pasted report link. */
const PASTE = 'paste';

export interface AuditPickerProps {
  /** Prefixes an element id (islands must not use useId). */
  id: (name: string) => string;
  /** The audit to join with as the form sends it: an id, a pasted report link, or ''. */
  onChange: (auditId: string) => void;
  /** The visitor's audits (tests and the server render); absent: read from GET /api/site-audits. */
  audits?: AuditChoice[];
}

/**
 * The site audit a log is compared with: the visitor's own finished audits to pick from (their
 * cookie's list, the newest first, address and date in the site's time zone), or a pasted report
 * link (another device's audit, a colleague's). Without finished audits, only the paste field.
 */
export function AuditPicker({ id, onChange, audits: given }: AuditPickerProps) {
  const [audits, setAudits] = useState<AuditChoice[]>(given ? finishedAudits(given) : []);
  const [choice, setChoice] = useState('');
  const [pasted, setPasted] = useState('');
  const time = useLocalTime();

  useEffect(() => {
    if (given) return;
    // The list is a convenience: when it cannot be read, the paste field still works.
    requestJson<{ audits: AuditChoice[] }>('/api/site-audits', 'Failed to load your audits').then(
      (answer) => setAudits(finishedAudits(answer.audits)),
      () => undefined,
    );
  }, [given]);

  const paste = (
    <input
      id={id('audit')}
      type="text"
      value={pasted}
      placeholder="The report link of a finished site audit"
      onChange={(event) => {
        setPasted(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
  if (audits.length === 0)
    return (
      <>
        <label htmlFor={id('audit')}>Site audit to compare with (optional)</label>
        {paste}
      </>
    );
  return (
    <>
      <label htmlFor={id('audit-choice')}>Site audit to compare with (optional)</label>
      <select
        id={id('audit-choice')}
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value);
          onChange(event.target.value === PASTE ? pasted : event.target.value);
        }}
      >
        <option value="">None</option>
        {audits.map((audit) => (
          <option key={audit.id} value={audit.id}>
            {auditChoiceLabel(audit, time)}
          </option>
        ))}
        <option value={PASTE}>Another audit: paste its report link</option>
      </select>
      {choice === PASTE ? (
        <>
          <label htmlFor={id('audit')}>Report link of a finished site audit</label>
          {paste}
        </>
      ) : null}
    </>
  );
}
