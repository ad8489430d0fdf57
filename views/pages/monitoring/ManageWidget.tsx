import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { apiFetch, requestJson } from '#views/lib/request-json.ts';
import { monitorApi, monitorState, parseScoreDrop, plural, runSummary } from './logic.ts';
import { SCHEDULES, type MonitorChanges, type MonitorView, type Schedule, type VerifyResult } from './model.ts';
import { RunsList } from './RunsList.tsx';
import { ScoreSparkline } from './ScoreSparkline.tsx';
import { VerificationSteps } from './VerificationSteps.tsx';

export const LOAD_FAILED = 'Could not load the monitor. Please reload the page.';
export const SAVE_FAILED = 'Could not save the changes. Please try again.';
export const VERIFY_FAILED = 'Could not check the site now. Please try again.';
export const RUN_FAILED = 'Could not start a check. Please try again.';
export const DELETE_FAILED = 'Could not delete the monitor. Please try again.';
/** How often the page asks whether a "Check now" run has finished. */
export const RUN_POLL_MS = 3000;

export interface ManageWidgetProps {
  token: string;
  monitor: MonitorView;
  /** Tests render a run in progress with it. */
  checkingRunId?: string;
}

type Action = '' | 'pause' | 'verify' | 'run' | 'save' | 'delete';

const message = (failure: unknown, fallback: string) => (failure instanceof Error ? failure.message : fallback);

/** The monitor's private page (issue 25): its state, verification, settings, "Check now", past runs, delete. */
export default function ManageWidget({ token, monitor: initial, checkingRunId }: ManageWidgetProps) {
  const [view, setView] = useState(initial);
  const [deleted, setDeleted] = useState(false);
  const [busy, setBusy] = useState<Action>('');
  /** The last action's error or news, shown beside the control that caused it. */
  const [error, setError] = useState<{ at: Action; text: string } | null>(null);
  const [notice, setNotice] = useState<{ at: Action; text: string } | null>(null);
  // A run under way when the page opens (a scheduled one, or "Check now" from another tab) is followed too.
  const [checking, setChecking] = useState(
    checkingRunId ?? initial.runs.find((run) => run.status === 'running')?.id ?? '',
  );
  const [verifyResult, setVerifyResult] = useState<VerifyResult | null>(null);
  const [askDelete, setAskDelete] = useState(false);
  const [schedule, setSchedule] = useState<Schedule>(initial.schedule);
  const [scoreDrop, setScoreDrop] = useState(String(initial.scoreDrop));
  const [webhookUrl, setWebhookUrl] = useState(initial.webhookUrl ?? '');
  const [digest, setDigest] = useState(initial.digest);
  const [settingsError, setSettingsError] = useState('');
  const poll = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const api = (action = '') => monitorApi(view.id, token, action);
  const state = monitorState(view);

  async function reload(): Promise<MonitorView> {
    const fresh = await requestJson<MonitorView>(api(), LOAD_FAILED, undefined, { cache: 'no-store' });
    setView(fresh);
    return fresh;
  }

  /** Follows a "Check now" run until it has finished, then says what it found. */
  function follow(runId: string) {
    clearTimeout(poll.current);
    poll.current = setTimeout(() => {
      reload()
        .then((fresh) => {
          const run = fresh.runs.find((candidate) => candidate.id === runId);
          if (run && run.status !== 'running') {
            setChecking('');
            setNotice({ at: 'run', text: `Check finished: ${runSummary(run)}.` });
          } else follow(runId);
        })
        .catch((failure: unknown) => {
          setChecking('');
          setError({ at: 'run', text: message(failure, LOAD_FAILED) });
        });
    }, RUN_POLL_MS);
  }

  useEffect(() => {
    if (checking) follow(checking);
    return () => clearTimeout(poll.current);
    // Only the run under way when the page opened; later ones are followed by the action that starts them.
  }, []);

  async function act(kind: Action, work: () => Promise<string | void>, fallback: string) {
    if (busy) return;
    setBusy(kind);
    setError(null);
    setNotice(null);
    try {
      const done = await work();
      if (done) setNotice({ at: kind, text: done });
    } catch (failure) {
      setError({ at: kind, text: message(failure, fallback) });
    } finally {
      setBusy('');
    }
  }

  const patch = (changes: MonitorChanges) =>
    apiFetch(api(), SAVE_FAILED, { method: 'PATCH', body: changes }).then(() => reload());

  const togglePause = () =>
    act(
      'pause',
      async () => {
        const paused = view.status !== 'paused';
        await patch({ paused });
        return paused ? 'Monitoring is paused.' : 'Monitoring is resumed.';
      },
      SAVE_FAILED,
    );

  const verify = () =>
    act(
      'verify',
      async () => {
        const result = await requestJson<VerifyResult>(api('verify'), VERIFY_FAILED, {});
        setVerifyResult(result);
        const fresh = await reload();
        if (result.verified)
          return fresh.status === 'active'
            ? 'Verified: the site is yours. Checks now run on schedule.'
            : 'Verified: the site is yours.';
      },
      VERIFY_FAILED,
    );

  const checkNow = () =>
    act(
      'run',
      async () => {
        const started = await requestJson<{ runId: string; auditId: string }>(api('run'), RUN_FAILED, {});
        setChecking(started.runId);
        await reload();
        follow(started.runId);
      },
      RUN_FAILED,
    );

  function save(event: FormEvent) {
    event.preventDefault();
    const drop = parseScoreDrop(scoreDrop);
    if ('error' in drop) return setSettingsError(drop.error);
    setSettingsError('');
    void act(
      'save',
      async () => {
        const fresh = await patch({ schedule, scoreDrop: drop.value, webhookUrl: webhookUrl.trim() || null, digest });
        setWebhookUrl(fresh.webhookUrl ?? '');
        return 'Your changes are saved.';
      },
      SAVE_FAILED,
    );
  }

  const remove = () =>
    act(
      'delete',
      async () => {
        await apiFetch(api(), DELETE_FAILED, { method: 'DELETE' });
        clearTimeout(poll.current);
        setDeleted(true);
      },
      DELETE_FAILED,
    );

  if (deleted)
    return (
      <div className="tool-card">
        <p className="success" role="status">
          The monitor of {view.url} is deleted, with its history. We will send no more emails about it.
        </p>
        <p>
          <a href="/site-audit">Run a new audit</a>
        </p>
      </div>
    );

  const canCheck = view.status === 'active' && view.verified;
  const failed = (...at: Action[]) => <ErrorMessage error={error && at.includes(error.at) ? error.text : null} />;
  const said = (...at: Action[]) =>
    notice && at.includes(notice.at) ? <p className="success">{notice.text}</p> : null;
  return (
    <div className="monitor-manage">
      <section className="tool-card monitor-summary" aria-labelledby="monitor-site">
        <h2 id="monitor-site" className="monitor-url">
          {view.url}
        </h2>
        <p>
          <span className={`monitor-status monitor-status-${state.tone}`}>{state.label}</span> {state.next}
        </p>
        <dl className="monitor-facts">
          <div>
            <dt>Alerts go to</dt>
            <dd>{view.email}</dd>
          </div>
          <div>
            <dt>Schedule</dt>
            <dd>{SCHEDULES.find((option) => option.value === view.schedule)?.label}</dd>
          </div>
        </dl>
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() => void checkNow()}
            disabled={!canCheck || !!busy || !!checking}
          >
            {checking || busy === 'run' ? 'Checking…' : 'Check now'}
          </button>
          {view.status !== 'unconfirmed' ? (
            <button type="button" className="button secondary" onClick={() => void togglePause()} disabled={!!busy}>
              {view.status === 'paused' ? 'Resume monitoring' : 'Pause monitoring'}
            </button>
          ) : null}
        </div>
        {!canCheck && view.status !== 'paused' ? (
          <p className="muted">“Check now” works once your address is confirmed and the site is verified.</p>
        ) : null}
        <div aria-live="polite" className="monitor-live">
          {checking ? <p>Checking your site now: this takes as long as an audit. The result appears below.</p> : null}
          {said('run', 'pause', 'verify')}
        </div>
        {failed('run', 'pause')}
      </section>

      {!view.verified ? (
        <section className="tool-card" aria-labelledby="monitor-verify">
          <h2 id="monitor-verify">Verify that the site is yours</h2>
          <VerificationSteps verification={view.verification} siteUrl={view.url} />
          <div className="actions">
            <button type="button" className="button" onClick={() => void verify()} disabled={!!busy}>
              {busy === 'verify' ? 'Checking…' : 'Verify now'}
            </button>
          </div>
          {failed('verify')}
          {verifyResult && !verifyResult.verified ? (
            <p className="error" role="alert">
              {verifyResult.detail || 'Not verified yet: neither the tag nor the file was found.'}
            </p>
          ) : null}
        </section>
      ) : null}

      <section className="tool-card" aria-labelledby="monitor-runs">
        <h2 id="monitor-runs">Past checks</h2>
        {view.runs.length ? <ScoreSparkline runs={view.runs} /> : null}
        <RunsList runs={view.runs} />
        {view.runs.length ? (
          <p className="muted">
            {plural(view.runs.length, 'check')} shown, newest first. Fixed issues and the trend also go in the weekly
            digest when it is on.
          </p>
        ) : null}
      </section>

      <section className="tool-card" aria-labelledby="monitor-settings">
        <h2 id="monitor-settings">Settings</h2>
        <form onSubmit={save} noValidate>
          <fieldset className="options">
            <legend>How often</legend>
            {SCHEDULES.map((option) => (
              <label key={option.value}>
                <input
                  type="radio"
                  name="monitor-schedule"
                  value={option.value}
                  checked={schedule === option.value}
                  onChange={() => setSchedule(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
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
          <label htmlFor="monitor-webhook">Webhook URL (optional)</label>
          <input
            id="monitor-webhook"
            type="url"
            inputMode="url"
            placeholder="https://hooks.example.com/seo-alerts"
            value={webhookUrl}
            onChange={(event) => setWebhookUrl(event.target.value)}
            aria-describedby="monitor-webhook-hint"
          />
          <p className="muted monitor-hint" id="monitor-webhook-hint">
            Alerts are also sent there as a JSON POST. Leave it empty for email only.
          </p>
          <label className="monitor-check">
            <input type="checkbox" checked={digest} onChange={() => setDigest((value) => !value)} />
            Weekly digest: fixed issues and the score trend, once a week
          </label>
          <ErrorMessage error={settingsError} id="monitor-settings-error" />
          {failed('save')}
          <div aria-live="polite">{said('save')}</div>
          <div className="actions">
            <button type="submit" className="button" disabled={!!busy}>
              {busy === 'save' ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        </form>
      </section>

      <section className="tool-card monitor-delete" aria-labelledby="monitor-delete">
        <h2 id="monitor-delete">Delete this monitor</h2>
        <p>Stops all checks and emails and deletes the monitor&apos;s history. The audit reports stay reachable.</p>
        {failed('delete')}
        {askDelete ? (
          <div className="actions" role="group" aria-label="Confirm deletion">
            <button type="button" className="button danger" onClick={() => void remove()} disabled={!!busy}>
              {busy === 'delete' ? 'Deleting…' : 'Yes, delete it'}
            </button>
            <button type="button" className="button secondary" onClick={() => setAskDelete(false)} disabled={!!busy}>
              Keep it
            </button>
          </div>
        ) : (
          <div className="actions">
            <button type="button" className="button secondary" onClick={() => setAskDelete(true)}>
              Delete monitor…
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
