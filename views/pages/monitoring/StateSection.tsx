import { useState } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { monitorState } from './logic.ts';
import { useTimeZone } from '#views/lib/local-time.ts';
import { SCHEDULES, type VerifyResult } from './model.ts';
import type { Manage } from './use-manage.ts';
import { VerificationSteps } from './VerificationSteps.tsx';

/** Where the monitor stands: the site, its state and next step, where alerts go, "Check now" and pause. */
export function StateSection({ manage }: { manage: Manage }) {
  const { view, busy, checking, actions } = manage;
  const state = monitorState(view, useTimeZone());
  const canCheck = view.status === 'active' && view.verified;
  const news = manage.newsAt('run', 'pause', 'verify');
  return (
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
          onClick={() => void actions.checkNow()}
          disabled={!canCheck || !!busy || !!checking}
        >
          {checking || busy === 'run' ? 'Checking…' : 'Check now'}
        </button>
        {view.status !== 'unconfirmed' ? (
          <button
            type="button"
            className="button secondary"
            onClick={() => void actions.togglePause()}
            disabled={!!busy}
          >
            {view.status === 'paused' ? 'Resume monitoring' : 'Pause monitoring'}
          </button>
        ) : null}
      </div>
      {!canCheck && view.status !== 'paused' ? (
        <p className="muted">“Check now” works once your address is confirmed and the site is verified.</p>
      ) : null}
      <div aria-live="polite" className="monitor-live">
        {checking ? <p>Checking your site now: this takes as long as an audit. The result appears below.</p> : null}
        {news ? <p className="success">{news}</p> : null}
      </div>
      <ErrorMessage error={manage.failedAt('run', 'pause')} />
    </section>
  );
}

/** Until the site is verified: the exact tag and file that prove it is the visitor's, and "Verify now". */
export function VerifySection({ manage }: { manage: Manage }) {
  const [result, setResult] = useState<VerifyResult | null>(null);
  const { view, busy, actions } = manage;
  if (view.verified) return null;
  return (
    <section className="tool-card" aria-labelledby="monitor-verify">
      <h2 id="monitor-verify">Verify that the site is yours</h2>
      <VerificationSteps verification={view.verification} siteUrl={view.url} />
      <div className="actions">
        <button type="button" className="button" onClick={() => void actions.verify(setResult)} disabled={!!busy}>
          {busy === 'verify' ? 'Checking…' : 'Verify now'}
        </button>
      </div>
      <ErrorMessage error={manage.failedAt('verify')} />
      {result && !result.verified ? (
        <p className="error monitor-url" role="alert">
          {result.detail || 'Not verified yet: neither the tag nor the file was found.'}
        </p>
      ) : null}
    </section>
  );
}
