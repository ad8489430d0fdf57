import { useEffect, useState, type FormEvent } from 'react';
import { downloadText } from '#views/lib/download.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { PLAN_COLUMNS, PlanPrice } from '#views/components/Plans.tsx';
import { Table } from '#views/components/Table.tsx';
import { requestJson } from '#views/lib/request-json.ts';
import { useBulkCheck } from '#views/lib/use-bulk-check.ts';
import {
  chainText,
  finalStatusText,
  parseUrlLines,
  redirectsToCsv,
  rowVerdict,
  summarize,
  summaryParts,
  WARNING_LABELS,
} from './logic.ts';
import { HopList } from './HopList.tsx';
import { MigrationPanel } from './MigrationPanel.tsx';
import { MAX_REDIRECT_URLS } from './rules.ts';
import type { Plan } from '#views/model/plans.ts';
import type { RedirectRow } from '#views/model/redirect-checker.ts';
import { DEFAULT_USER_AGENT, USER_AGENT_CHOICES, USER_AGENTS, type UserAgentChoice } from '#views/model/user-agents.ts';

export interface RedirectCheckerProps {
  idPrefix: string;
}

function PlansTable() {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    requestJson<Plan[]>('/api/bulk-url-redirection/plans', 'Failed to fetch plans')
      .then((data) => setPlans(Array.isArray(data) ? data : []))
      .catch(() => {
        setError('Failed to fetch plans');
        setPlans([]);
      });
  }, []);
  return (
    <section className="plans" aria-labelledby="plans-heading">
      <h2 id="plans-heading">Plans</h2>
      <ErrorMessage error={error} />
      <div className="table-scroll">
        <Table className="data-table" columns={PLAN_COLUMNS}>
          {plans === null ? (
            <tr>
              <td colSpan={PLAN_COLUMNS.length}>Loading plans…</td>
            </tr>
          ) : (
            plans.map((plan) => (
              <tr key={plan.id}>
                <th scope="row">{plan.name}</th>
                <td>
                  <PlanPrice plan={plan} />
                </td>
                <td>{plan.features.join(' · ')}</td>
              </tr>
            ))
          )}
        </Table>
      </div>
    </section>
  );
}

export default function RedirectCheckerWidget({ idPrefix }: RedirectCheckerProps) {
  const [text, setText] = useState('');
  const { busy, error, detail, rows, submit } = useBulkCheck<RedirectRow>(
    '/api/bulk-url-redirection/redirect',
    'Failed to process URLs',
  );
  const [userAgent, setUserAgent] = useState<UserAgentChoice>(DEFAULT_USER_AGENT);
  const [mode, setMode] = useState<'urls' | 'migration'>('urls');
  // The migration panel mounts when first chosen, then stays (hidden) so its results survive a switch.
  const [migrationOpened, setMigrationOpened] = useState(false);
  const urls = parseUrlLines(text);
  const id = (name: string) => `${idPrefix}-${name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (urls.length > 0) void submit({ urls, userAgent });
  }

  const modes = [
    { value: 'urls', label: 'Check URLs' },
    { value: 'migration', label: 'Check a migration (old → new)' },
  ] as const;
  return (
    <div className="redirect-checker">
      <div className="check-filters redirect-modes" role="tablist" aria-label="What to check">
        {modes.map((item) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={id(`tab-${item.value}`)}
            aria-selected={mode === item.value}
            aria-controls={id(`panel-${item.value}`)}
            className={`check-filter${mode === item.value ? ' is-active' : ''}`}
            onClick={() => {
              setMode(item.value);
              if (item.value === 'migration') setMigrationOpened(true);
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        id={id('panel-migration')}
        role="tabpanel"
        aria-labelledby={id('tab-migration')}
        hidden={mode !== 'migration'}
      >
        {migrationOpened ? <MigrationPanel idPrefix={idPrefix} /> : null}
      </div>
      <div id={id('panel-urls')} role="tabpanel" aria-labelledby={id('tab-urls')} hidden={mode !== 'urls'}>
        <form className="tool-card" onSubmit={onSubmit} noValidate>
          <label htmlFor={id('urls')}>URLs (one per line, up to {MAX_REDIRECT_URLS})</label>
          <textarea
            id={id('urls')}
            rows={8}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={'http://example.com/old-page\nhttps://example.com/blog'}
          />
          <label htmlFor={id('agent')}>Check as</label>
          <select
            id={id('agent')}
            value={userAgent}
            onChange={(event) => setUserAgent(event.target.value as UserAgentChoice)}
          >
            {USER_AGENT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {USER_AGENTS[choice].label}
              </option>
            ))}
          </select>
          <div className="actions">
            <button type="submit" className="button" disabled={busy || urls.length === 0}>
              {busy ? 'Processing...' : 'Process URLs'}
            </button>
            <span className="muted">
              {urls.length} URL{urls.length === 1 ? '' : 's'}
            </span>
          </div>
          <ErrorMessage error={error} detail={detail} />
        </form>
        {rows ? (
          <section className="tool-card results" aria-labelledby={id('results-heading')}>
            <div className="report-head">
              <h2 id={id('results-heading')}>Results</h2>
              <button
                type="button"
                className="button secondary"
                onClick={() => downloadText('redirect-check.csv', redirectsToCsv(rows), 'text/csv;charset=utf-8')}
              >
                Download CSV
              </button>
            </div>
            <p className="redirect-summary" role="status">
              {summaryParts(summarize(rows)).map((part, index) => (
                <span key={part.verdict}>
                  {index > 0 ? ' · ' : ''}
                  <span className={`verdict-${part.verdict}`}>{part.text}</span>
                </span>
              ))}
            </p>
            <Table
              className="data-table redirect-table card-table"
              columns={['Original URL', 'Redirected URL', 'Chain', 'Final status']}
            >
              {rows.map((row, index) => (
                <tr key={`${index}-${row.originalUrl}`} data-verdict={rowVerdict(row)}>
                  <td className="url-cell" data-label="Original URL">
                    {row.originalUrl}
                  </td>
                  <td className="url-cell" data-label="Redirected URL">
                    {row.redirectedUrl ?? '—'}
                  </td>
                  <td data-label="Chain">
                    {row.hops.length > 0 ? <HopList hops={row.hops} label={chainText(row)} /> : null}
                    {row.warnings.length > 0 ? (
                      <ul className="redirect-warnings" aria-label="Warnings">
                        {row.warnings.map((warning) => (
                          <li
                            key={warning}
                            className={`badge ${warning === 'broken' || warning === 'loop' ? 'badge-fail' : 'badge-warning'}`}
                            data-warning={warning}
                          >
                            {WARNING_LABELS[warning]}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {row.error ? <p className="row-error-text">{row.error}</p> : null}
                  </td>
                  <td data-label="Final status">
                    <span className={`final-status verdict-${rowVerdict(row)}`}>{finalStatusText(row)}</span>
                  </td>
                </tr>
              ))}
            </Table>
          </section>
        ) : null}
      </div>
      <PlansTable />
    </div>
  );
}
