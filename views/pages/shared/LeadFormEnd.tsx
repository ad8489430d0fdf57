import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { Honeypot } from '#views/pages/shared/Honeypot.tsx';

/**
 * How the lead forms (contact, write for us) end: the field bots fill in, the submit button (its
 * busy label while sending), and the live region that announces the outcome.
 */
export function LeadFormEnd({
  idPrefix,
  trap,
  onTrap,
  busy,
  label,
  busyLabel,
  success,
  error,
}: {
  idPrefix: string;
  trap: string;
  onTrap: (value: string) => void;
  busy: boolean;
  label: string;
  busyLabel: string;
  success?: string | null;
  error: string | null;
}) {
  return (
    <>
      <Honeypot id={`${idPrefix}-homepage`} value={trap} onChange={onTrap} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
      <div aria-live="polite">
        {success ? <p className="success">{success}</p> : null}
        <ErrorMessage error={error} />
      </div>
    </>
  );
}
