import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { parseScoreDrop } from './logic.ts';
import type { Schedule } from './model.ts';
import { ScheduleOptions, WebhookField } from './SettingsFields.tsx';
import type { Manage } from './use-manage.ts';

/** How often, what alerts (the score drop), where alerts also go (the webhook), and the weekly digest. */
export function SettingsSection({ manage }: { manage: Manage }) {
  const { view, busy, actions } = manage;
  const [url, setUrl] = useState(view.url);
  const [schedule, setSchedule] = useState<Schedule>(view.schedule);
  const [scoreDrop, setScoreDrop] = useState(String(view.scoreDrop));
  const [webhookUrl, setWebhookUrl] = useState(view.webhookUrl ?? '');
  const [digest, setDigest] = useState(view.digest);
  const [settingsError, setSettingsError] = useState('');
  const news = manage.newsAt('save');

  function save(event: FormEvent) {
    event.preventDefault();
    const drop = parseScoreDrop(scoreDrop);
    if ('error' in drop) return setSettingsError(drop.error);
    setSettingsError('');
    const changes = {
      ...(url.trim() !== view.url ? { url: url.trim() } : {}),
      schedule,
      scoreDrop: drop.value,
      webhookUrl: webhookUrl.trim() || null,
      digest,
    };
    void actions.save(changes, (fresh) => {
      setUrl(fresh.url);
      setWebhookUrl(fresh.webhookUrl ?? '');
    });
  }

  return (
    <section className="tool-card" aria-labelledby="monitor-settings">
      <h2 id="monitor-settings">Settings</h2>
      <form onSubmit={save} noValidate>
        <label htmlFor="monitor-address">Address audited</label>
        <input
          id="monitor-address"
          type="url"
          inputMode="url"
          autoComplete="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby="monitor-address-hint"
        />
        <p className="muted monitor-hint" id="monitor-address-hint">
          The page the checks start from. On another address (http or https, another host) the site is verified again.
        </p>
        <ScheduleOptions name="monitor-schedule" value={schedule} onChange={setSchedule} />
        <label htmlFor="monitor-score-drop">Alert when the score drops by at least (points)</label>
        <input
          id="monitor-score-drop"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          value={scoreDrop}
          onChange={(event) => setScoreDrop(event.target.value)}
          aria-describedby={settingsError ? 'monitor-settings-error' : undefined}
          aria-invalid={settingsError ? true : undefined}
        />
        <WebhookField id="monitor-webhook" value={webhookUrl} onChange={setWebhookUrl}>
          Alerts are also sent there as a JSON POST. Leave it empty for email only.
        </WebhookField>
        <label className="monitor-check">
          <input type="checkbox" checked={digest} onChange={() => setDigest((value) => !value)} />
          Weekly digest: fixed issues and the score trend, once a week
        </label>
        <ErrorMessage error={settingsError} id="monitor-settings-error" />
        <ErrorMessage error={manage.failedAt('save')} />
        <div aria-live="polite">{news ? <p className="success">{news}</p> : null}</div>
        <div className="actions">
          <button type="submit" className="button" disabled={!!busy}>
            {busy === 'save' ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
    </section>
  );
}
