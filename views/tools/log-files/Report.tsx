import { useEffect, useState } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { Table } from '#views/components/Table.tsx';
import { requestJson } from '#views/lib/request-json.ts';
import { botName } from '#views/model/log-file-bots.ts';
import { HitsPerDayChart, StatusMixChart } from './Charts.tsx';
import { chartSeries, count, LOAD_FAILED, share } from './logic.ts';
import type { JoinedListView, LogDaysResponse, LogFileView } from './schema.ts';
import { formatLocalDay, useTimeZone } from '#views/lib/local-time.ts';
import { UrlTable } from './UrlTable.tsx';

function BotsTable({ log }: { log: LogFileView }) {
  return (
    <div className="log-scroll">
      <Table
        className="log-table card-table"
        columns={['Bot', 'Verified hits', 'Unverified hits', 'Verification']}
        caption="Hits by bot"
        hiddenCaption
      >
        {log.bots.map((bot) => (
          <tr key={bot.bot}>
            <th scope="row">{bot.name}</th>
            <td data-label="Verified hits">{count(bot.verified)}</td>
            <td data-label="Unverified hits" className={bot.unverified > 0 && bot.verifiable ? 'log-warn' : undefined}>
              {count(bot.unverified)}
            </td>
            <td data-label="Verification">
              {bot.verifiable
                ? bot.unverified > 0
                  ? 'Some hits came from addresses its operator does not list: someone else using its name'
                  : 'Every hit from its operator’s addresses'
                : 'Its operator publishes no addresses this site can check'}
            </td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

function SpendTable({ log }: { log: LogFileView }) {
  return (
    <div className="log-scroll">
      <Table
        className="log-table card-table"
        columns={['Bot', 'Hits', 'URLs', 'With parameters', 'Redirects', 'Errors (4xx, 5xx)']}
        caption="Where each bot’s crawl went"
        hiddenCaption
      >
        {log.spend.map((row) => (
          <tr key={`${row.bot}-${row.verified}`}>
            <th scope="row">
              {botName(row.bot)}
              {row.verified ? '' : ' (unverified)'}
            </th>
            <td data-label="Hits">{count(row.hits)}</td>
            <td data-label="URLs">{count(row.urls)}</td>
            <td data-label="With parameters">{`${count(row.parameters)} (${share(row.parameters, row.hits)})`}</td>
            <td data-label="Redirects">{`${count(row.redirects)} (${share(row.redirects, row.hits)})`}</td>
            <td data-label="Errors (4xx, 5xx)">{`${count(row.errors)} (${share(row.errors, row.hits)})`}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

function JoinedList({
  logId,
  title,
  list,
  kind,
}: {
  logId: string;
  title: string;
  list: JoinedListView;
  kind: string;
}) {
  return (
    <details className="log-join">
      <summary>
        {title}: <strong>{count(list.total)}</strong>
      </summary>
      {list.total > list.urls.length ? (
        <p className="muted">The {list.urls.length} with most hits are listed.</p>
      ) : null}
      <ul>
        {list.urls.map((entry) => (
          <li key={entry.url}>
            <span className="log-url">{entry.url}</span>
            {entry.hits ? ` · ${count(entry.hits)} hits` : ''}
            {entry.reason ? ` · ${entry.reason}` : ''}
          </li>
        ))}
      </ul>
      <a href={`/api/log-files/${logId}/join.csv?list=${kind}`} download>
        Download CSV
      </a>
    </details>
  );
}

/** A finished log's results: bots and their verification, the charts, the crawl's spend, the URLs, the join. */
export function LogReport({ idPrefix, log }: { idPrefix: string; log: LogFileView }) {
  const timeZone = useTimeZone();
  const [days, setDays] = useState<LogDaysResponse['days'] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    requestJson<LogDaysResponse>(`/api/log-files/${log.id}/days`, LOAD_FAILED)
      .then((loaded) => setDays(loaded.days))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : LOAD_FAILED));
  }, [log.id]);
  const botHits = log.bots.reduce((sum, bot) => sum + bot.verified + bot.unverified, 0);
  return (
    <div className="log-report">
      <h2 tabIndex={-1}>Results</h2>
      <ul className="log-figures">
        <li>
          <strong>{count(log.lines)}</strong> lines ({log.formats.join(', ')})
        </li>
        <li>
          <strong>{count(botHits)}</strong> bot hits ({share(botHits, botHits + log.otherHits)} of all)
        </li>
        <li>
          <strong>{count(log.unparsed)}</strong> lines not understood
        </li>
        {log.range ? (
          <li>
            From {formatLocalDay(log.range.from, timeZone)} to {formatLocalDay(log.range.to, timeZone)}
          </li>
        ) : null}
      </ul>
      {log.unparsedSamples.length > 0 ? (
        <details className="log-join">
          <summary>The first lines that were not understood (addresses hidden)</summary>
          <pre className="log-samples">{log.unparsedSamples.join('\n')}</pre>
        </details>
      ) : null}
      <section className="log-section" aria-labelledby={`${idPrefix}-bots-heading`}>
        <h3 id={`${idPrefix}-bots-heading`}>Bots</h3>
        {log.bots.length ? <BotsTable log={log} /> : <p>No known bot appears in this log.</p>}
        <p className="muted">
          Verified: the address is in the ranges the bot’s operator publishes
          {log.dns.enabled
            ? `, or its reverse DNS name is the operator’s and points back (${count(log.dns.lookups)} lookups)`
            : ''}
          .
        </p>
      </section>
      <ErrorMessage error={error} />
      {days ? (
        <section className="log-section" aria-labelledby={`${idPrefix}-charts-heading`}>
          <h3 id={`${idPrefix}-charts-heading`}>Hits per day and status mix</h3>
          <HitsPerDayChart idPrefix={idPrefix} days={days} series={chartSeries(log)} />
          <StatusMixChart idPrefix={idPrefix} days={days} />
          <a href={`/api/log-files/${log.id}/days.csv`} download>
            Download hits per day (CSV)
          </a>
        </section>
      ) : null}
      {log.spend.length ? (
        <section className="log-section" aria-labelledby={`${idPrefix}-spend-heading`}>
          <h3 id={`${idPrefix}-spend-heading`}>Crawl spent on parameters, redirects and errors</h3>
          <SpendTable log={log} />
        </section>
      ) : null}
      {log.bots.length ? <UrlTable idPrefix={idPrefix} log={log} /> : null}
      {log.join ? (
        <section className="log-section" aria-labelledby={`${idPrefix}-join-heading`}>
          <h3 id={`${idPrefix}-join-heading`}>Against the site audit of {log.join.auditUrl}</h3>
          <p className="muted">Counted from verified bot hits.</p>
          <JoinedList logId={log.id} title="Pages bots never crawl" list={log.join.neverCrawled} kind="never-crawled" />
          <JoinedList
            logId={log.id}
            title="Crawled URLs the audit did not find"
            list={log.join.notInAudit}
            kind="not-in-audit"
          />
          <JoinedList
            logId={log.id}
            title="Noindex or canonicalised pages bots keep fetching"
            list={log.join.excludedButCrawled}
            kind="excluded-but-crawled"
          />
        </section>
      ) : null}
    </div>
  );
}
