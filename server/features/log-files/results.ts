import type { Db } from '#db/index.ts';
import { dayCounts } from '#db/log-file-days.ts';
import { eachUrlHits, urlHits, type HitFilter, type UrlHits } from '#db/log-file-hits.ts';
import type { LogFileRow } from '#db/log-files.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { botName, botsNamed } from '#views/model/log-file-bots.ts';
import type { LogDaysResponse, LogFileView, LogUrlRow } from '#views/model/log-files.ts';
import type { AnalyseProgress } from './analyse.ts';
import { RULES_BY_ID } from './bots.ts';
import type { LogSummary } from './job.ts';

/** A finished log as the API shows it: its row, and the tables read from its counts. */

const iso = (ms: number) => new Date(ms).toISOString();

export function logView(row: LogFileRow, dnsVerify: boolean, progress?: AnalyseProgress): LogFileView {
  const summary = row.summary as LogSummary | undefined;
  const verifiable = (bot: string) => {
    const rule = RULES_BY_ID.get(bot);
    return !!rule && (rule.ranges.length > 0 || (dnsVerify && rule.dns.length > 0));
  };
  return {
    id: row.id,
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    files: row.files,
    ...(progress ? { progress } : {}),
    formats: summary?.formats ?? [],
    lines: row.lines,
    unparsed: row.unparsed,
    unparsedSamples: summary?.samples ?? [],
    range: summary?.range ? { from: iso(summary.range.from), to: iso(summary.range.to) } : null,
    bots: (summary?.bots ?? []).map((entry) => ({
      ...entry,
      name: botName(entry.bot),
      verifiable: verifiable(entry.bot),
    })),
    otherHits: summary?.otherHits ?? 0,
    spend: summary?.spend ?? [],
    dns: summary?.dns ?? { enabled: dnsVerify, lookups: 0 },
    join: summary?.join ?? null,
    auditId: row.auditId,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
  };
}

function filterOf(query: { bot?: string; verified?: 'true' | 'false' }): HitFilter {
  const bots = query.bot ? botsNamed(query.bot) : undefined;
  if (bots && bots.length === 0) throw new InvalidInputError(`There is no bot called ${query.bot}.`);
  return { bots, verified: query.verified === undefined ? undefined : query.verified === 'true' };
}

const urlRow = (hits: UrlHits): LogUrlRow => ({
  ...hits,
  firstSeen: iso(hits.firstSeen),
  lastSeen: iso(hits.lastSeen),
});

/** The tables of a finished log (`finished` finds its row, or throws not-found). */
export function createLogResults(db: Db, finished: (id: string) => Promise<LogFileRow>) {
  return {
    async urls(id: string, query: { bot?: string; verified?: 'true' | 'false'; page: number; perPage: number }) {
      const row = await finished(id);
      const result = await urlHits(db, row.id, filterOf(query), {
        offset: (query.page - 1) * query.perPage,
        limit: query.perPage,
      });
      return { total: result.total, page: query.page, perPage: query.perPage, urls: result.urls.map(urlRow) };
    },
    /** Every URL of the filter, for the CSV export (read a page at a time). */
    async *eachUrl(id: string, query: { bot?: string; verified?: 'true' | 'false' }): AsyncGenerator<LogUrlRow> {
      const row = await finished(id);
      for await (const hits of eachUrlHits(db, row.id, filterOf(query))) yield urlRow(hits);
    },
    async days(id: string): Promise<LogDaysResponse> {
      const row = await finished(id);
      const days: LogDaysResponse['days'] = [];
      for (const count of await dayCounts(db, row.id)) {
        let day = days[days.length - 1];
        if (day?.day !== count.day) days.push((day = { day: count.day, hits: 0, bots: {}, statuses: {} }));
        day.hits += count.hits;
        day.bots[count.bot] = (day.bots[count.bot] ?? 0) + count.hits;
        day.statuses[count.status] = (day.statuses[count.status] ?? 0) + count.hits;
      }
      return { days };
    },
  };
}
