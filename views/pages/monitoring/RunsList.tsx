import { useLocalTime } from '#views/lib/local-time.ts';
import { plural, regressionText, reportPath, runSummary } from './logic.ts';
import type { MonitorRun, Regression } from './model.ts';
import type { ScorePoint } from '#views/tools/site-audit/logic.ts';
import { ScoreSparkline } from './ScoreSparkline.tsx';

function RegressionItem({ regression }: { regression: Regression }) {
  if (regression.kind === 'new-issue' && regression.source && regression.target)
    return (
      <li>
        <strong>{regression.title}</strong>: <span className="monitor-url">{regression.source}</span> →{' '}
        <span className="monitor-url">{regression.target}</span>
        {regression.anchor ? <> (link text “{regression.anchor}”)</> : null}
      </li>
    );
  if (regression.kind === 'new-issue')
    return (
      <li>
        <strong>{regression.title}</strong>: <span className="monitor-url">{regression.url}</span>
      </li>
    );
  return (
    <li>
      <strong>{regressionText(regression)}</strong>
    </li>
  );
}

/** Past checks, newest first, each with what broke, how many issues were fixed and its full report. */
export function RunsList({ runs }: { runs: MonitorRun[] }) {
  const formatTime = useLocalTime();
  if (!runs.length) return <p>No checks yet. The first one runs once monitoring is active, or press “Check now”.</p>;
  return (
    <ol className="monitor-runs">
      {runs.map((run) => (
        <li key={run.id} className={`monitor-run monitor-run-${run.status}`}>
          <p className="monitor-run-head">
            <strong>{formatTime(run.at)}</strong> · {run.trigger === 'manual' ? 'Check now' : 'Scheduled'}
            {run.score !== null ? <> · score {run.score}</> : null} · {runSummary(run)}
            {run.auditId ? (
              <>
                {' '}
                ·{' '}
                <a href={reportPath(run.auditId)}>
                  {run.status === 'running' ? 'Watch the audit' : 'Report'}
                  <span className="visually-hidden"> of the check on {formatTime(run.at)}</span>
                </a>
              </>
            ) : null}
          </p>
          {run.regressions.length ? (
            <ul className="monitor-regressions" aria-label={`Regressions found on ${formatTime(run.at)}`}>
              {run.regressions.map((regression, index) => (
                <RegressionItem key={index} regression={regression} />
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The manage page's "Past checks": the site's score trend, then the list. */
export function RunsSection({ runs, history }: { runs: MonitorRun[]; history: ScorePoint[] }) {
  return (
    <section className="tool-card" aria-labelledby="monitor-runs">
      <h2 id="monitor-runs">Past checks</h2>
      {history.length ? <ScoreSparkline history={history} /> : null}
      <RunsList runs={runs} />
      {runs.length ? (
        <p className="muted">
          {plural(runs.length, 'check')} shown, newest first. Fixed issues and the trend also go in the weekly digest
          when it is on.
        </p>
      ) : null}
    </section>
  );
}
