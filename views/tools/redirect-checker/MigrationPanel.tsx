import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { Table } from '#views/components/Table.tsx';
import { downloadText } from '#views/lib/download.ts';
import type { MigrationAgent, MigrationCheck, MigrationResult } from '#views/model/redirect-checker.ts';
import { sameUrl } from '#views/model/redirect-migration.ts';
import { HopList } from './HopList.tsx';
import { parseMigrationCsv, type CsvParse, type SkippedRow } from './migration-csv.ts';
import {
  AGENT_LABELS,
  migrationSummaryText,
  migrationToCsv,
  redirectKind,
  rowProblems,
  rowRuleNotes,
  rulePairs,
  summarizeMigration,
} from './migration.ts';
import { MAX_MIGRATION_CSV_BYTES, MAX_MIGRATION_ROWS } from './rules.ts';
import { apacheRules, nginxRules, ruleNotes } from './server-rules.ts';
import { useMigration } from './use-migration.ts';
import { SkippedRows } from './SkippedRows.tsx';
import { CsvButton } from '#views/components/CsvButton.tsx';

/** Rows drawn in the table at most; the CSV export has every row. */
const ROWS_SHOWN = 200;
const AGENT_OPTIONS: Array<{ value: '' | MigrationAgent; label: string }> = [
  { value: '', label: 'Googlebot and a browser' },
  { value: 'googlebot-smartphone', label: 'Googlebot smartphone only' },
  { value: 'browser', label: 'Browser only' },
];

function CheckCell({ check, to }: { check: MigrationCheck | undefined; to: string }) {
  if (!check) return <span className="muted">Not checked</span>;
  return (
    <>
      <span className={`final-status verdict-${check.matches ? 'ok' : 'broken'}`}>
        {check.status ?? (check.state === 'timed-out' ? 'Timed out' : 'Error')}
      </span>{' '}
      · {check.hops} {check.hops === 1 ? 'hop' : 'hops'} · {redirectKind(check)}
      {check.finalUrl && !sameUrl(check.finalUrl, to) ? (
        <span className="cell-note url-cell">Ends on {check.finalUrl}</span>
      ) : null}
      {/* Every hop on screen, in order, the final answer last: the chain is what the row is about. */}
      {check.chain.length > 0 ? <HopList hops={check.chain} label={`${AGENT_LABELS[check.userAgent]} hops`} /> : null}
    </>
  );
}

function ResultsTable({ results, onlyProblems }: { results: MigrationResult[]; onlyProblems: boolean }) {
  const rows = onlyProblems ? results.filter((result) => !result.matches) : results;
  const shown = rows.slice(0, ROWS_SHOWN);
  const agent = (result: MigrationResult, which: MigrationAgent) =>
    result.checks.find((check) => check.userAgent === which);
  return (
    <>
      <Table
        className="data-table redirect-table migration-table card-table"
        columns={['Old URL', 'New URL', 'Googlebot', 'Browser', 'Result']}
      >
        {shown.map((result, index) => (
          <tr key={`${index}-${result.from}`} data-verdict={result.matches ? 'ok' : 'broken'}>
            <td className="url-cell" data-label="Old URL">
              {result.from}
            </td>
            <td className="url-cell" data-label="New URL">
              {result.to}
            </td>
            <td data-label="Googlebot">
              <CheckCell check={agent(result, 'googlebot-smartphone')} to={result.to} />
            </td>
            <td data-label="Browser">
              <CheckCell check={agent(result, 'browser')} to={result.to} />
            </td>
            <td data-label="Result">
              <strong className={result.matches ? 'verdict-ok' : 'verdict-broken'}>
                {result.matches ? 'As expected' : 'Not as expected'}
              </strong>
              {rowProblems(result) ? <span className="cell-note">{rowProblems(result)}</span> : null}
              {rowRuleNotes(result).map((note) => (
                <span key={note} className="cell-note rule-note">
                  {note}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </Table>
      {rows.length > ROWS_SHOWN ? (
        <p className="muted">
          Showing the first {ROWS_SHOWN} of {rows.length} rows; the CSV has them all.
        </p>
      ) : null}
    </>
  );
}

function Exports({ results }: { results: MigrationResult[] }) {
  const pairs = rulePairs(results);
  const nginx = nginxRules(pairs);
  const apache = apacheRules(pairs);
  const noted = pairs.filter((pair) => ruleNotes(pair).length > 0).length;
  return (
    <div className="migration-exports">
      <div className="actions">
        <CsvButton fileName={'migration-check.csv'} csv={() => migrationToCsv(results)} />
        {pairs.length > 0 ? (
          <>
            <button
              type="button"
              className="button secondary"
              onClick={() => downloadText('redirects-nginx.conf', nginx)}
            >
              Download nginx rules
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => downloadText('redirects-apache.conf', apache)}
            >
              Download Apache rules
            </button>
          </>
        ) : null}
      </div>
      {pairs.length > 0 ? (
        <>
          <p className="muted">
            Rules for the {pairs.length} {pairs.length === 1 ? 'row' : 'rows'} that do not go to the new URL in one
            permanent redirect:
          </p>
          {noted > 0 ? (
            <p className="muted rule-notes-count">
              {noted} {noted === 1 ? 'row has' : 'rows have'} a note about its rules under Result: a rule a server could
              never match is left out.
            </p>
          ) : null}
          <details className="rules-block">
            <summary>nginx rules</summary>
            <pre>{nginx}</pre>
          </details>
          <details className="rules-block">
            <summary>Apache rules (.htaccess or VirtualHost)</summary>
            <pre>{apache}</pre>
          </details>
        </>
      ) : (
        <p className="muted">Every row goes to its new URL in one permanent redirect: no rules needed.</p>
      )}
    </div>
  );
}

/** Migration mode: an old → new CSV checked as Googlebot and as a browser, in batches, with exports. */
export function MigrationPanel({ idPrefix }: { idPrefix: string }) {
  const [text, setText] = useState('');
  const [agent, setAgent] = useState<'' | MigrationAgent>('');
  const [inputError, setInputError] = useState('');
  const [skipped, setSkipped] = useState<SkippedRow[]>([]);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const run = useMigration();
  const id = (name: string) => `${idPrefix}-${name}`;

  /** The parse's refusal and skipped rows on screen, as the API would answer them. */
  function show(parsed: CsvParse): CsvParse {
    setInputError(parsed.ok ? '' : parsed.error);
    setSkipped(parsed.skipped);
    return parsed;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = show(parseMigrationCsv(text));
    if (parsed.ok) void run.start(parsed.rows, agent || undefined);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_MIGRATION_CSV_BYTES) {
      setInputError(`The CSV is too large (at most ${MAX_MIGRATION_CSV_BYTES / 1024 / 1024} MB).`);
      setSkipped([]);
      return;
    }
    const content = await file.text();
    setText(content);
    // An empty file (or one with only a header) says so at once; rows to be skipped are listed before the check.
    show(parseMigrationCsv(content));
  }

  const summary = summarizeMigration(run.results);
  return (
    <>
      <form className="tool-card migration-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={id('csv')}>
          Old URL, new URL: one pair per line (CSV, up to {MAX_MIGRATION_ROWS.toLocaleString('en-US')} rows)
        </label>
        <textarea
          id={id('csv')}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={
            'old,new\nhttps://example.com/old-page,https://example.com/new-page\nhttps://example.com/blog/1,/articles/1'
          }
        />
        <label htmlFor={id('file')}>Or upload a CSV file</label>
        <input id={id('file')} type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(e) => void onFile(e)} />
        <label htmlFor={id('migration-agent')}>Check as</label>
        <select
          id={id('migration-agent')}
          value={agent}
          onChange={(event) => setAgent(event.target.value as '' | MigrationAgent)}
        >
          {AGENT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <div className="actions">
          <button type="submit" className="button" disabled={run.running || text.trim() === ''}>
            {run.running ? 'Checking…' : 'Check migration'}
          </button>
          {run.running ? (
            <button type="button" className="button secondary" onClick={run.stop}>
              Stop
            </button>
          ) : null}
        </div>
        <ErrorMessage error={inputError} />
        <SkippedRows skipped={skipped} />
        <ErrorMessage error={run.error} detail={run.detail} />
        {run.total > 0 ? (
          <div className="progress-row">
            <progress max={run.total} value={run.done} aria-label="Migration check progress" />
            <span className="migration-progress" role="status">
              {run.waiting ? 'The tool is busy; trying again shortly. ' : ''}
              Checked {run.done.toLocaleString('en-US')} of {run.total.toLocaleString('en-US')} rows
            </span>
          </div>
        ) : null}
      </form>
      {run.results.length > 0 ? (
        <section className="tool-card results" aria-labelledby={id('migration-heading')}>
          <h2 id={id('migration-heading')}>Migration results</h2>
          <p className="redirect-summary migration-summary">{migrationSummaryText(summary)}</p>
          <Exports results={run.results} />
          <label className="check-line">
            <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} /> Only
            rows not as expected
          </label>
          <ResultsTable results={run.results} onlyProblems={onlyProblems} />
        </section>
      ) : null}
    </>
  );
}
