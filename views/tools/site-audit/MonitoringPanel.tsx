import { useRef, useState, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { requestJson } from '#views/lib/request-json.ts';
import { canonicalEmail } from '#views/model/email.ts';
import type { CreatedMonitor, Schedule } from '#views/pages/monitoring/model.ts';
import { ScheduleOptions, WebhookField } from '#views/pages/monitoring/SettingsFields.tsx';
import { VerificationSteps } from '#views/pages/monitoring/VerificationSteps.tsx';

export const MONITOR_FAILED = 'Could not start monitoring. Please try again.';
export const MONITOR_HEADING = 'Monitor this site';

export interface MonitoringPanelProps {
  /** The audited site's start URL (the monitor audits the same address). */
  url: string;
  auditId: string;
  idPrefix: string;
  /** A monitor already asked for in this page (tests render the success state with it). */
  created?: { email: string; monitor: CreatedMonitor };
}

/**
 * "Monitor this site" under a finished audit (issue 25): an address and a schedule. The answer
 * shows the exact tag and file that prove the site is theirs; nothing is checked until the address
 * is confirmed (the mail's link) and the site verified.
 */
export function MonitoringPanel({ url, auditId, idPrefix, created: initial }: MonitoringPanelProps) {
  const [email, setEmail] = useState('');
  const [schedule, setSchedule] = useState<Schedule>('weekly');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [created, setCreated] = useState(initial);
  const result = useRef<HTMLHeadingElement>(null);
  const id = (name: string) => `${idPrefix}-monitor-${name}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!email.trim()) return setError('Enter the email address that should get the alerts.');
    // The site's one e-mail rule, as the API applies it (and in its words).
    const mailbox = canonicalEmail(email);
    if (!mailbox) return setError('Email must be a valid email address');
    setSending(true);
    setError('');
    try {
      const monitor = await requestJson<CreatedMonitor>('/api/monitors', MONITOR_FAILED, {
        url,
        email: mailbox,
        schedule,
        auditId,
        ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : {}),
      });
      setCreated({ email: mailbox, monitor });
      // The panel's content changes under the button: the answer takes the focus.
      requestAnimationFrame(() => result.current?.focus());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MONITOR_FAILED);
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="monitor-panel tool-card" id={id('panel')} aria-labelledby={id('heading')}>
      <h3 id={id('heading')}>{MONITOR_HEADING}</h3>
      {created ? (
        <div className="monitor-created">
          <h4 id={id('result')} ref={result} tabIndex={-1}>
            Check your inbox
          </h4>
          <p className="success" role="status">
            A confirmation email is on its way to <strong>{created.email}</strong>. Open its link within 24 hours to
            confirm your address.
          </p>
          <VerificationSteps verification={created.monitor.verification} siteUrl={url} />
          <p className="muted">
            Nothing is checked until your address is confirmed and the site is verified. The email also links to your
            monitor&apos;s page, where you can verify, change the schedule, pause or delete it.
          </p>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <p>
            We re-audit <span className="monitor-url">{url}</span> on a schedule and email you within minutes when
            something breaks: new errors, a falling score, or the start page going down. No account needed.
          </p>
          <label htmlFor={id('email')}>Email address</label>
          <input
            id={id('email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={error ? id('error') : undefined}
            aria-invalid={error ? true : undefined}
          />
          <ScheduleOptions name={id('schedule')} value={schedule} onChange={setSchedule} />
          <WebhookField id={id('webhook')} value={webhookUrl} onChange={setWebhookUrl}>
            Alerts are also sent there as a JSON POST, for Slack or your own tools.
          </WebhookField>
          <ErrorMessage error={error} id={id('error')} />
          <div className="actions">
            <button type="submit" className="button" disabled={sending}>
              {sending ? 'Starting…' : 'Start monitoring'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
