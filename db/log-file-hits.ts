import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from './index.ts';
import type { LogSpendView } from '#views/model/log-files.ts';
import type { Tables } from './schema.ts';

/** Bots' hits per URL (log_file_hits, migration 0023): what a log's job adds, and what its pages read. */

export interface HitCount {
  url: string;
  bot: string;
  verified: boolean;
  status: number;
  hits: number;
  bytes: number;
  firstSeen: number;
  lastSeen: number;
}

/** Which bots' hits a query counts: some bot ids (none: every bot), verified, unverified or both. */
export interface HitFilter {
  bots?: readonly string[];
  verified?: boolean;
}

export interface UrlHits {
  url: string;
  hits: number;
  bytes: number;
  statuses: Record<string, number>;
  firstSeen: number;
  lastSeen: number;
}

/** Rows per statement: 9 values a row, 18,000 parameters, below either database's limit. */
export const HIT_BATCH_ROWS = 2000;

/**
 * Stores a log's final rows, each (URL, bot, verified, status) once: the job merges its flushes
 * before (server/features/log-files/runs.ts), so these are plain inserts.
 */
export async function addHits(db: Db, logId: string, counts: readonly HitCount[]): Promise<void> {
  for (let from = 0; from < counts.length; from += HIT_BATCH_ROWS) {
    const values = counts.slice(from, from + HIT_BATCH_ROWS).map((count) => ({
      log_id: logId,
      url: count.url,
      bot: count.bot,
      verified: count.verified ? 1 : 0,
      status: count.status,
      hits: count.hits,
      bytes: count.bytes,
      first_seen: count.firstSeen,
      last_seen: count.lastSeen,
    }));
    await db.insertInto('log_file_hits').values(values).execute();
  }
}

function filtered(db: Db, logId: string, filter: HitFilter) {
  let query = db.selectFrom('log_file_hits').where('log_id', '=', logId);
  if (filter.bots && filter.bots.length > 0) query = query.where('bot', 'in', [...filter.bots]);
  if (filter.verified !== undefined) query = query.where('verified', '=', filter.verified ? 1 : 0);
  return query;
}

const summed = (eb: ExpressionBuilder<Tables, 'log_file_hits'>) => [
  eb.fn.sum<number>('hits').as('hits'),
  eb.fn.sum<number>('bytes').as('bytes'),
  eb.fn.min<number>('first_seen').as('first_seen'),
  eb.fn.max<number>('last_seen').as('last_seen'),
];

/** The URLs bots fetched, most hit first (then by URL), a page at a time, with their status counts. */
export async function urlHits(
  db: Db,
  logId: string,
  filter: HitFilter,
  page: { offset: number; limit: number },
): Promise<{ total: number; urls: UrlHits[] }> {
  const counted = await db
    .selectFrom(filtered(db, logId, filter).select('url').distinct().as('urls'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, logId, filter)
    .select((eb) => ['url', ...summed(eb)])
    .groupBy('url')
    .orderBy('hits', 'desc')
    .orderBy('url')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const statuses = new Map<string, Record<string, number>>(rows.map((row) => [row.url, {}]));
  if (rows.length > 0) {
    const byStatus = await filtered(db, logId, filter)
      .select((eb) => ['url', 'status', eb.fn.sum<number>('hits').as('hits')])
      .where('url', 'in', [...statuses.keys()])
      .groupBy(['url', 'status'])
      .execute();
    for (const row of byStatus) statuses.get(row.url)![String(row.status)] = Number(row.hits);
  }
  return {
    total: Number(counted.n),
    urls: rows.map((row) => ({
      url: row.url,
      hits: Number(row.hits),
      bytes: Number(row.bytes),
      statuses: statuses.get(row.url)!,
      firstSeen: Number(row.first_seen),
      lastSeen: Number(row.last_seen),
    })),
  };
}

/** Every URL of `urlHits`, in its order, read a page at a time (CSV exports of any size). */
export async function* eachUrlHits(db: Db, logId: string, filter: HitFilter, pageRows = 2000): AsyncGenerator<UrlHits> {
  for (let offset = 0; ; offset += pageRows) {
    const { urls } = await urlHits(db, logId, filter, { offset, limit: pageRows });
    yield* urls;
    if (urls.length < pageRows) return;
  }
}

/**
 * URL by URL in URL order (keyset pages, so a million URLs read in bounded memory): the hits of the
 * filter's bots on each. The audit join walks this.
 */
export async function* eachUrlTotal(
  db: Db,
  logId: string,
  filter: HitFilter,
  pageRows = 5000,
): AsyncGenerator<{ url: string; hits: number }> {
  let after: string | undefined;
  for (;;) {
    let query = filtered(db, logId, filter)
      .select((eb) => ['url', eb.fn.sum<number>('hits').as('hits')])
      .groupBy('url')
      .orderBy('url')
      .limit(pageRows);
    if (after !== undefined) query = query.where('url', '>', after);
    const rows = await query.execute();
    for (const row of rows) yield { url: row.url, hits: Number(row.hits) };
    if (rows.length < pageRows) return;
    after = rows[rows.length - 1]!.url;
  }
}

/** Where one bot's crawl went (verified and unverified apart): the API's row as it is. */
export type BotSpend = LogSpendView;

/** Where each bot's crawl went: parameter URLs, redirects and errors against its whole. */
export async function botSpend(db: Db, logId: string): Promise<BotSpend[]> {
  const when = (condition: ReturnType<typeof sql<boolean>>) =>
    sql<number>`SUM(CASE WHEN ${condition} THEN hits ELSE 0 END)`;
  const rows = await db
    .selectFrom('log_file_hits')
    .select((eb) => [
      'bot',
      'verified',
      eb.fn.sum<number>('hits').as('hits'),
      sql<number>`COUNT(DISTINCT url)`.as('urls'),
      when(sql<boolean>`url LIKE '%?%'`).as('parameters'),
      when(sql<boolean>`status IN (301, 302, 303, 307, 308)`).as('redirects'),
      when(sql<boolean>`status >= 400`).as('errors'),
    ])
    .where('log_id', '=', logId)
    .groupBy(['bot', 'verified'])
    .orderBy('bot')
    .orderBy('verified', 'desc')
    .execute();
  return rows.map((row) => ({
    bot: row.bot,
    verified: row.verified === 1,
    hits: Number(row.hits),
    urls: Number(row.urls),
    parameters: Number(row.parameters),
    redirects: Number(row.redirects),
    errors: Number(row.errors),
  }));
}
