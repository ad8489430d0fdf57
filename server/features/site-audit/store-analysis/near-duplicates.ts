import { sql } from 'kysely';
import { dialectOf, type Db } from '#db/index.ts';
import { dropBands } from '#db/site-audit-drop.ts';
import { minhashSimilarity } from '#server/lib/page-facts/text-fingerprint.ts';
import {
  BANDS,
  NEAR_DUPLICATE_BUDGET,
  NEAR_DUPLICATE_NAMED,
  nearDuplicateDetail,
  ROWS,
  sameBand,
} from '../rules/content.ts';
import { NEAR_DUPLICATE_MIN_WORDS, NEAR_DUPLICATE_SIMILARITY } from '../thresholds.ts';
import type { EmitFinding } from './stream.ts';

/*
 * `near-duplicate-content` over the crawl store (decision 0066): the rule's locality-sensitive hashing
 * (rules/content.ts, the specification) with its buckets in SQL. Each candidate page's 16 bands of 8
 * MinHash values are rows of site_audit_bands whose key is the band's bytes, so a bucket is the pages
 * with a band exactly equal; they are read in (band, key, id) order, only rows that share their key,
 * and the pairs of each bucket are compared here on the two pages' MinHash, read a block of pages at a
 * time. Memory: a block of signatures, the current bucket's ids, and per page with partners the first
 * partners its detail names and a count — never every pair or every signature.
 *
 * The budget: the rule charges one comparison per pair per band they share until the pair is found near
 * (then later shared bands skip it free). Bands run in the same order here and a pair's outcome depends on
 * its two signatures only, so every pair is charged as often as in memory and the total is the same; only
 * the order of buckets within a band (here by key, in memory by first page) and of pairs in a bucket
 * larger than a block differ. Below the budget every pair is compared either way and the findings are the
 * same set; a site that spends the whole budget may have other pairs cut off (decision 0066).
 */

/** Band rows read at a time. */
export const BAND_READ_ROWS = 2000;
/** Pages whose signature is held at once: buckets are gathered up to this, a larger one is compared block by block. */
export const SIGNATURE_BLOCK = 500;

const KEY_BYTES = ROWS * Uint32Array.BYTES_PER_ELEMENT;

/** A candidate page as the pair test reads it. */
interface Member {
  url: string;
  textHash: string;
  minhash: Uint32Array;
}

/** A page's partners as far as its detail needs them: the first URLs in sort order and how many in all. */
interface Partners {
  url: string;
  first: string[];
  count: number;
}

/** Pages whose bands one statement cuts (16 rows a page): the analysing thread's other audits get turns between. */
export const BAND_WRITE_PAGES = 1000;

/**
 * On SQLite the bands are the analysing connection's own TEMP table, which shadows the migration's
 * (decision 0069): a TEMP table's writes take no lock another connection waits on. Cut into the shared
 * file, 20,000 pages' bands held SQLite's only write lock for 15 s while the web thread's writes waited,
 * and cut a piece at a time they still did for 0.2 s a piece (keys are hashes, so each piece rewrites
 * pages all over the table). They live until the check ends, and go with the connection.
 */
async function ensureBandsTable(db: Db): Promise<void> {
  if (dialectOf(db) === 'sqlite')
    await sql`CREATE TEMP TABLE IF NOT EXISTS site_audit_bands (
        audit_id TEXT NOT NULL, band INTEGER NOT NULL, key BLOB NOT NULL, id INTEGER NOT NULL,
        PRIMARY KEY (audit_id, band, key, id)) WITHOUT ROWID`.execute(db);
}

/**
 * Cuts the bands of the audit's candidate pages (indexable, enough words, a whole MinHash) from their
 * stored signature, BAND_WRITE_PAGES pages (by id) a statement; any earlier bands of the audit are replaced.
 */
export async function storeBands(db: Db, auditId: string): Promise<void> {
  await ensureBandsTable(db);
  await dropBands(db, auditId);
  const bands = sql.join(
    Array.from({ length: BANDS }, (_, band) => sql`SELECT ${sql.lit(band)} AS band`),
    sql` UNION ALL `,
  );
  const { top } = await db
    .selectFrom('site_audit_records')
    .select((eb) => eb.fn.max('id').as('top'))
    .where('audit_id', '=', auditId)
    .executeTakeFirstOrThrow();
  for (let from = 0; top !== null && from <= Number(top); from += BAND_WRITE_PAGES)
    await sql`INSERT INTO site_audit_bands (audit_id, band, key, id)
      SELECT r.audit_id, b.band, substr(r.minhash, b.band * ${sql.lit(KEY_BYTES)} + 1, ${sql.lit(KEY_BYTES)}), r.id
      FROM site_audit_records r CROSS JOIN (${bands}) b
      WHERE r.audit_id = ${auditId} AND r.id >= ${from} AND r.id < ${from + BAND_WRITE_PAGES}
        AND r.indexable = 1 AND r.words >= ${NEAR_DUPLICATE_MIN_WORDS} AND r.minhash IS NOT NULL`.execute(db);
  // Fresh rows: PostgreSQL's planner gets their figures before the self-join (as analyseStore, graph.ts).
  if (dialectOf(db) === 'postgres') await sql`ANALYZE site_audit_bands`.execute(db);
}

interface BandRow {
  band: number;
  key: Buffer;
  id: number;
}

/** The next band rows after `after` that share their (band, key) with another page: the self-join on (band, key). */
async function sharedBandRows(db: Db, auditId: string, after: BandRow | null, limit: number): Promise<BandRow[]> {
  const from = after ?? { band: -1, key: Buffer.alloc(0), id: -1 };
  const { rows } = await sql<BandRow>`SELECT b.band, b.key, b.id FROM site_audit_bands b
    WHERE b.audit_id = ${auditId} AND (b.band, b.key, b.id) > (${from.band}, ${from.key}, ${from.id})
      AND EXISTS (SELECT 1 FROM site_audit_bands o
        WHERE o.audit_id = b.audit_id AND o.band = b.band AND o.key = b.key AND o.id <> b.id)
    ORDER BY b.band, b.key, b.id LIMIT ${limit}`.execute(db);
  return rows;
}

/** The pages' URL, text hash and signature, by id. */
async function readMembers(db: Db, auditId: string, ids: readonly number[]): Promise<Map<number, Member>> {
  const rows = await db
    .selectFrom('site_audit_records as r')
    .innerJoin('site_audit_urls as u', (join) => join.onRef('u.audit_id', '=', 'r.audit_id').onRef('u.id', '=', 'r.id'))
    .select(['r.id', 'u.url', 'r.text_hash', 'r.minhash'])
    .where('r.audit_id', '=', auditId)
    .where('r.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      // Copied: a driver's buffer may sit at an offset no Uint32Array can start at.
      { url: row.url, textHash: row.text_hash, minhash: new Uint32Array(new Uint8Array(row.minhash!).buffer) },
    ]),
  );
}

/** Whether two pages share a band before `band`: a near pair met there is already partners. */
function sharedBefore(a: Uint32Array, b: Uint32Array, band: number): boolean {
  for (let earlier = 0; earlier < band; earlier += 1) if (sameBand(a, b, earlier)) return true;
  return false;
}

/** The pair test and the partners it finds, with the rule's budget of comparisons. */
function createMatcher() {
  const partners = new Map<number, Partners>();
  let budget = NEAR_DUPLICATE_BUDGET;
  const add = (id: number, self: Member, other: string) => {
    let entry = partners.get(id);
    if (!entry) partners.set(id, (entry = { url: self.url, first: [], count: 0 }));
    entry.count += 1;
    entry.first.push(other);
    entry.first.sort();
    if (entry.first.length > NEAR_DUPLICATE_NAMED) entry.first.pop();
  };
  return {
    partners,
    exhausted: () => budget <= 0,
    /** One pair of a bucket of `band`, compared as the rule compares it; false once the budget is spent. */
    compare(idA: number, a: Member, idB: number, b: Member, band: number): boolean {
      if (budget <= 0) return false;
      const near = a.textHash !== b.textHash && minhashSimilarity(a.minhash, b.minhash) >= NEAR_DUPLICATE_SIMILARITY;
      // The rule skips, uncharged, a pair it made partners at an earlier band they share.
      if (near && sharedBefore(a.minhash, b.minhash, band)) return true;
      budget -= 1;
      if (near) {
        add(idA, a, b.url);
        add(idB, b, a.url);
      }
      return budget > 0;
    },
  };
}

type Matcher = ReturnType<typeof createMatcher>;

/** Compares every pair of each bucket (ids ascending, as the rule's buckets hold them) among pages read. */
function compareBuckets(matcher: Matcher, band: number, buckets: readonly number[][], members: Map<number, Member>) {
  for (const bucket of buckets)
    for (let i = 0; i < bucket.length - 1; i += 1)
      for (let j = i + 1; j < bucket.length; j += 1)
        if (!matcher.compare(bucket[i], members.get(bucket[i])!, bucket[j], members.get(bucket[j])!, band)) return;
}

/** How much is read at once (the defaults; tests make them small to walk every path on a small site). */
export interface NearDuplicateReads {
  /** Band rows read at a time. */
  rows: number;
  /** Pages whose signature is held at once. */
  block: number;
}

const READS: NearDuplicateReads = { rows: BAND_READ_ROWS, block: SIGNATURE_BLOCK };

/** A bucket larger than a block: its pairs a pair of blocks at a time, so at most two blocks of signatures are held. */
async function compareLargeBucket(
  db: Db,
  auditId: string,
  matcher: Matcher,
  band: number,
  bucket: readonly number[],
  block: number,
) {
  const blocks: number[][] = [];
  for (let from = 0; from < bucket.length; from += block) blocks.push(bucket.slice(from, from + block));
  for (let x = 0; x < blocks.length; x += 1) {
    compareBuckets(matcher, band, [blocks[x]], await readMembers(db, auditId, blocks[x]));
    for (let y = x + 1; y < blocks.length && !matcher.exhausted(); y += 1) {
      const members = await readMembers(db, auditId, [...blocks[x], ...blocks[y]]);
      for (const idA of blocks[x])
        for (const idB of blocks[y]) if (!matcher.compare(idA, members.get(idA)!, idB, members.get(idB)!, band)) return;
    }
  }
}

/**
 * The `near-duplicate-content` findings from the store, by page id: pages that share a band with
 * another whose text differs and whose signatures agree on at least NEAR_DUPLICATE_SIMILARITY.
 */
export async function storeNearDuplicates(
  db: Db,
  auditId: string,
  emit: EmitFinding,
  reads: NearDuplicateReads = READS,
): Promise<void> {
  await storeBands(db, auditId);
  try {
    await matchBands(db, auditId, emit, reads);
  } finally {
    await dropBands(db, auditId);
  }
}

/** Reads the shared bands in (band, key) order and emits the near-duplicates they lead to. */
async function matchBands(db: Db, auditId: string, emit: EmitFinding, reads: NearDuplicateReads): Promise<void> {
  const matcher = createMatcher();
  /** Whole buckets of one band waiting for their signatures, and the bucket being read. */
  let waiting: number[][] = [];
  let waitingIds = 0;
  let waitingBand = 0;
  let current: { band: number; key: Buffer; ids: number[] } | null = null;
  const flush = async () => {
    if (waitingIds > 0) compareBuckets(matcher, waitingBand, waiting, await readMembers(db, auditId, waiting.flat()));
    waiting = [];
    waitingIds = 0;
  };
  const close = async (bucket: { band: number; ids: number[] }) => {
    if (bucket.band !== waitingBand || waitingIds + bucket.ids.length > reads.block) await flush();
    waitingBand = bucket.band;
    if (bucket.ids.length > reads.block)
      await compareLargeBucket(db, auditId, matcher, bucket.band, bucket.ids, reads.block);
    else {
      waiting.push(bucket.ids);
      waitingIds += bucket.ids.length;
    }
  };
  for (let after: BandRow | null = null; !matcher.exhausted();) {
    const rows = await sharedBandRows(db, auditId, after, reads.rows);
    for (const row of rows) {
      if (current && current.band === row.band && current.key.equals(row.key)) current.ids.push(row.id);
      else {
        if (current) await close(current);
        current = { band: row.band, key: row.key, ids: [row.id] };
      }
    }
    if (rows.length < reads.rows) break;
    after = rows.at(-1)!;
  }
  if (current && !matcher.exhausted()) await close(current);
  if (!matcher.exhausted()) await flush();
  const ids = [...matcher.partners.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const { url, first, count } = matcher.partners.get(id)!;
    await emit({ url, detail: nearDuplicateDetail(first, count) });
  }
}
