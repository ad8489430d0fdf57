import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { requestJson } from '#views/lib/request-json.ts';
import { confirmedNext, managePath } from './logic.ts';
import type { ConfirmedMonitor } from './model.ts';

export const CONFIRM_FAILED = 'Could not confirm your address. Please try again.';
export const ALREADY_CONFIRMED = 'Your address is already confirmed';
const NO_TOKEN =
  'This confirmation link is incomplete. Open the link in the email again, or copy the whole address into the browser.';

export interface ConfirmWidgetProps {
  token: string;
  /** The confirmed monitor (tests render the final state with it). */
  confirmed?: ConfirmedMonitor;
}

/**
 * Posts the mail's token once the page runs (a link scanner's GET changes nothing), then says what
 * happens next: verification still to do, or monitoring active, with the monitor's own page.
 */
export default function ConfirmWidget({ token, confirmed: initial }: ConfirmWidgetProps) {
  const [confirmed, setConfirmed] = useState(initial);
  const [error, setError] = useState(token ? '' : NO_TOKEN);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  async function confirm() {
    if (!token || sending) return;
    setSending(true);
    setError('');
    try {
      setConfirmed(await requestJson<ConfirmedMonitor>('/api/monitors/confirm', CONFIRM_FAILED, { token }));
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : CONFIRM_FAILED);
    } finally {
      setSending(false);
    }
  }

  useEffect(() => {
    if (!initial) void confirm();
    // Once per page: the token never changes.
  }, []);

  if (confirmed && 'alreadyConfirmed' in confirmed)
    return (
      <div className="tool-card monitor-confirmed">
        <h2 ref={heading} tabIndex={-1}>
          {ALREADY_CONFIRMED}
        </h2>
        <p role="status">
          This link has been used already. Open your monitor from the “Your monitor&apos;s page” link in the
          confirmation email, or the manage link in any later email about the site.
        </p>
      </div>
    );
  if (confirmed)
    return (
      <div className="tool-card monitor-confirmed">
        <h2 ref={heading} tabIndex={-1}>
          {confirmed.verified && confirmed.status === 'active' ? 'Monitoring is active' : 'Your address is confirmed'}
        </h2>
        <p className="success" role="status">
          {confirmedNext(confirmed)}
        </p>
        <p>
          <a className="button" href={managePath(confirmed.id, confirmed.manageToken)}>
            {confirmed.verified ? 'Open your monitor' : 'Verify your site'}
          </a>
        </p>
        <p className="muted">
          Keep that page&apos;s address: it is your private link to change the schedule, pause or delete the monitor
          (every email we send links to it too).
        </p>
      </div>
    );
  return (
    <div className="tool-card">
      {token && !error ? (
        <p role="status">{sending ? 'Confirming your email address…' : 'Confirm your email address to start.'}</p>
      ) : null}
      <ErrorMessage error={error} />
      {token ? (
        <div className="actions">
          <button type="button" className="button" disabled={sending} onClick={() => void confirm()}>
            {error ? 'Try again' : 'Confirm my email address'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
