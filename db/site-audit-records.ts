import type { Db } from './index.ts';
import { insertRows, type RowInsert } from './row-insert.ts';
import type { Tables } from './schema.ts';
import { saveEdges, type StoredEdge } from './site-audit-edges.ts';
import { saveExternalLinks, type StoredExternalLink } from './site-audit-external-checks.ts';
import { saveUrls, type StoredUrl, type UrlLease } from './site-audit-urls.ts';

/*
 * A running site audit's page records (decision 0059): each HTML page's whole record as JSON, written by
 * the audit and read back by it (the JSON is its business: any field it adds is kept), beside the
 * columns the cross-page checks compare in SQL.
 */

export interface StoredRecord {
  /** The page's URL id (db/site-audit-urls.ts). */
  id: number;
  /** The whole record as JSON. */
  record: string;
  /** Not noindex, and its canonical absent or itself. */
  indexable: boolean;
  noindex: boolean;
  /** Null when absent or empty: the values duplicate checks group pages by. */
  title: string | null;
  description: string | null;
  /** The first non-empty H1. */
  h1: string | null;
  textHash: string;
  words: number;
  /** The internal canonical target when it is another URL. */
  canonicalId: number | null;
  /** The page's MinHash values as bytes, when it has all of them (what the near-duplicate bands are cut from). */
  minhash?: Buffer | null;
  /** The record's META_FLAGS bits and HTML size (migration 0037): what the site-wide header checks count; 0 when absent. */
  metaFlags?: number;
  htmlBytes?: number;
}

/**
 * Rows written per statement: records are a few kilobytes each, so a statement stays a few hundred
 * kilobytes; 100 rows of 14 values are far below either database's limit on parameters.
 */
export const RECORD_WRITE_BATCH = 100;

const flag = (value: boolean) => (value ? 1 : 0);

const COLUMNS = [
  'id',
  'record',
  'indexable',
  'noindex',
  'title',
  'description',
  'h1',
  'text_hash',
  'words',
  'canonical_id',
  'meta_flags',
  'html_bytes',
] as const;

/** The records' write: a page written again (a batch stored again after a crash) takes the new values. */
const RECORD_INSERT: RowInsert<StoredRecord> = {
  table: 'site_audit_records',
  columns: ['audit_id', ...COLUMNS, 'minhash'],
  values: (record) => [
    record.id,
    record.record,
    flag(record.indexable),
    flag(record.noindex),
    record.title,
    record.description,
    record.h1,
    record.textHash,
    record.words,
    record.canonicalId,
    record.metaFlags ?? 0,
    record.htmlBytes ?? 0,
    record.minhash ?? null,
  ],
  tail: `ON CONFLICT (audit_id, id) DO UPDATE SET ${[...COLUMNS.slice(1), 'minhash']
    .map((column) => `${column} = excluded.${column}`)
    .join(', ')}`,
  perStatement: RECORD_WRITE_BATCH,
};

async function saveRecords(db: Db, auditId: string, records: readonly StoredRecord[]): Promise<void> {
  await insertRows(db, RECORD_INSERT, records, [auditId]);
}

/** What the records' numbers stand for: a link's anchor text, or a URL on another site. */
export const STRING_KIND = { anchor: 0, external: 1 } as const;

export interface StoredString {
  kind: (typeof STRING_KIND)[keyof typeof STRING_KIND];
  id: number;
  value: string;
}

const STRING_INSERT: RowInsert<StoredString> = {
  table: 'site_audit_strings',
  columns: ['audit_id', 'kind', 'id', 'value'],
  values: (entry) => [entry.kind, entry.id, entry.value],
  tail: 'ON CONFLICT (audit_id, kind, id) DO NOTHING',
  perStatement: RECORD_WRITE_BATCH * 5,
};

async function saveStrings(db: Db, auditId: string, strings: readonly StoredString[]): Promise<void> {
  await insertRows(db, STRING_INSERT, strings, [auditId]);
}

/** The audit's strings of one kind, by id (ids are dense from 0: the array index is the id). */
export async function readStrings(db: Db, auditId: string, kind: StoredString['kind']): Promise<string[]> {
  const rows = await db
    .selectFrom('site_audit_strings')
    .select(['id', 'value'])
    .where('audit_id', '=', auditId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.value);
}

/**
 * One batch of a crawl: the URLs it fetched or met (their answers, their place in the frontier), the
 * records of the pages among them and the strings those records name first, in one transaction, so a batch is stored whole or not at all and a
 * crawl carried on after a crash never holds a URL marked done without its record.
 */
export async function writeCrawlBatch(
  db: Db,
  auditId: string,
  batch: {
    urls: readonly StoredUrl[];
    records: readonly StoredRecord[];
    strings?: readonly StoredString[];
    /** The distinct links, images, hreflang, scripts and stylesheets the batch's pages name. */
    edges?: readonly StoredEdge[];
    /** Every link of the batch's pages to another site. */
    externalLinks?: readonly StoredExternalLink[];
    /** What the crawl needs to carry on (JSON), once it is known: written last, so it never names a batch not stored. */
    crawl?: string;
    /** The lease of the rows the batch writes leased that hold none yet (the writer's queue's). */
    lease?: UrlLease;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await saveStrings(trx, auditId, batch.strings ?? []);
    await saveUrls(trx, auditId, batch.urls, batch.lease);
    await saveRecords(trx, auditId, batch.records);
    await saveEdges(trx, auditId, batch.edges ?? []);
    await saveExternalLinks(trx, auditId, batch.externalLinks ?? []);
    if (batch.crawl !== undefined)
      await trx
        .insertInto('site_audit_crawls')
        .values({ audit_id: auditId, facts: batch.crawl })
        .onConflict((conflict) => conflict.column('audit_id').doUpdateSet({ facts: batch.crawl }))
        .execute();
  });
}

/** The crawl facts of an audit that can carry on (JSON, the crawl's business), or undefined when it must start over. */
export async function readCrawlFacts(db: Db, auditId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('site_audit_crawls')
    .select('facts')
    .where('audit_id', '=', auditId)
    .executeTakeFirst();
  return row?.facts;
}

function fromRow(row: Omit<Tables['site_audit_records'], 'audit_id' | 'minhash'>): StoredRecord {
  return {
    id: row.id,
    record: row.record,
    indexable: row.indexable === 1,
    noindex: row.noindex === 1,
    title: row.title,
    description: row.description,
    h1: row.h1,
    textHash: row.text_hash,
    words: row.words,
    canonicalId: row.canonical_id,
    metaFlags: row.meta_flags,
    htmlBytes: row.html_bytes,
  };
}

/** The audit's records with ids above `afterId`, `limit` at most, by id: a cursor over any number of pages. */
export async function readRecords(
  db: Db,
  auditId: string,
  page: { afterId: number; limit: number },
): Promise<StoredRecord[]> {
  const rows = await db
    .selectFrom('site_audit_records')
    .select([...COLUMNS])
    .where('audit_id', '=', auditId)
    .where('id', '>', page.afterId)
    .orderBy('id')
    .limit(page.limit)
    .execute();
  return rows.map(fromRow);
}

/** The records of these pages (by URL id), by id; ids without a record are left out. */
export async function recordsOf(db: Db, auditId: string, ids: readonly number[]): Promise<StoredRecord[]> {
  const found: StoredRecord[] = [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (let from = 0; from < sorted.length; from += RECORD_WRITE_BATCH * 5) {
    const rows = await db
      .selectFrom('site_audit_records')
      .select([...COLUMNS])
      .where('audit_id', '=', auditId)
      .where('id', 'in', sorted.slice(from, from + RECORD_WRITE_BATCH * 5))
      .orderBy('id')
      .execute();
    found.push(...rows.map(fromRow));
  }
  return found;
}
