import { useRef, useState, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { ApiError, apiFetch } from '#views/lib/request-json.ts';
import { unsubscribeApi } from './logic.ts';

export const UNSUBSCRIBE_FAILED = 'Could not unsubscribe. Please try again.';
const INCOMPLETE =
  'This unsubscribe link is incomplete. Open the link in the email again, or use the unsubscribe button your email app shows.';

export interface UnsubscribeWidgetProps {
  id: string;
  token: string;
  /** Already unsubscribed (tests render the final state with it). */
  done?: boolean;
}

/**
 * One button. It is a real form posting the RFC 8058 body (`List-Unsubscribe=One-Click`) to the
 * API, so it works before the script runs; the script sends the same request and says it is done.
 */
export default function UnsubscribeWidget({ id, token, done: initial = false }: UnsubscribeWidgetProps) {
  const [done, setDone] = useState(initial);
  const [error, setError] = useState(id && token ? '' : INCOMPLETE);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || !id || !token) return;
    setSending(true);
    setError('');
    try {
      await apiFetch(unsubscribeApi(id, token), UNSUBSCRIBE_FAILED, {
        body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
      });
      setDone(true);
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : UNSUBSCRIBE_FAILED);
    } finally {
      setSending(false);
    }
  }

  if (done)
    return (
      <div className="tool-card">
        <h2 ref={heading} tabIndex={-1}>
          You are unsubscribed
        </h2>
        <p className="success" role="status">
          Done: we will send no more monitoring emails for this site, and its checks are paused. You can resume them
          from the monitor&apos;s page linked in any earlier email.
        </p>
      </div>
    );
  return (
    <form
      className="tool-card"
      method="post"
      action={id && token ? unsubscribeApi(id, token) : undefined}
      onSubmit={(event) => void submit(event)}
    >
      <p>Stop the alert and digest emails about this monitored site. One press is enough.</p>
      <input type="hidden" name="List-Unsubscribe" value="One-Click" />
      <ErrorMessage error={error} />
      <div className="actions">
        <button type="submit" className="button" disabled={sending || !id || !token}>
          {sending ? 'Unsubscribing…' : 'Unsubscribe'}
        </button>
      </div>
    </form>
  );
}
