import { sql } from 'kysely';
import type { Db } from '#db/index.ts';
import { minhashSimilarity } from '#server/lib/page-facts/text-fingerprint.ts';
import { BANDS, NEAR_DUPLICATE_BUDGET, NEAR_DUPLICATE_NAMED, nearDuplicateDetail, sameBand } from '../rules/content.ts';
import { NEAR_DUPLICATE_SIMILARITY } from '../thresholds.ts';
import { bandBuckets, PASS_ENTRIES } from './band-buckets.ts';
import { idList, type EmitFinding } from './stream.ts';

/*
 * `near-duplicate-content` over the crawl store (decision 0066 and its addendum): the rule's
 * locality-sensitive hashing (rules/content.ts, the specification) with its buckets from the stored
 * signatures a pass at a time (band-buckets.ts), and the pairs of each bucket compared here on the two
 * pages' MinHash, read a block of pages at a time and kept, the most recently used SIGNATURES_HELD of them,
 * so a page in buckets of several bands is read once. Memory: a pass's band entries, the held signatures,
 * and per page with partners the first partners its detail names and a count — never every pair.
 *
 * The budget: the rule charges one comparison per pair per band they share until the pair is found near
 * (then later shared bands skip it free): in all, one if near, the shared bands if not. Here a pair is
 * compared once, at the first band the two share, and charged that total there; a pair's outcome depends on
 * its two signatures only, so the total is the same as in memory, only the order of the charges differs.
 * Below the budget every pair is compared either way and the findings are the same set; a site that spends
 * the whole budget may have other pairs cut off (decision 0066).
 */

/** Pages whose signature is read at once: buckets are gathered up to this, a larger one is compared block by block. */
export const SIGNATURE_BLOCK = 500;
/** Signatures kept once read (about 0.7 KB each with the URL and text hash: some 14 MB). */
export const SIGNATURES_HELD = 20_000;

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

/**
 * The pages' URL, text hash and signature by id, each kept after it is read (the most recently used
 * `limit` of them): a page is in a bucket of each band it shares, and read once while it stays held.
 */
function signatureCache(db: Db, auditId: string, limit: number) {
  const held = new Map<number, Member>();
  return async (ids: readonly number[]): Promise<Map<number, Member>> => {
    const members = new Map<number, Member>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const member = held.get(id);
      if (member) members.set(id, member);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await db
        .selectFrom('site_audit_records as r')
        .innerJoin('site_audit_urls as u', (join) =>
          join.onRef('u.audit_id', '=', 'r.audit_id').onRef('u.id', '=', 'r.id'),
        )
        .select(['r.id', 'u.url', 'r.text_hash', 'r.minhash'])
        .where('r.audit_id', '=', auditId)
        .where(sql<boolean>`r.id IN (${idList(db, missing)})`)
        .execute();
      for (const row of rows)
        // Copied: a driver's buffer may sit at an offset no Uint32Array can start at.
        members.set(row.id, {
          url: row.url,
          textHash: row.text_hash,
          minhash: new Uint32Array(new Uint8Array(row.minhash!).buffer),
        });
    }
    // Used last, so held longest: a Map iterates in insertion order, the least recently used first.
    for (const [id, member] of members) {
      held.delete(id);
      held.set(id, member);
    }
    for (const id of held.keys()) {
      if (held.size <= limit) break;
      held.delete(id);
    }
    return members;
  };
}

type ReadMembers = ReturnType<typeof signatureCache>;

/** Whether two pages share a band before `band`: the pair was met, and wholly charged, there. */
function sharedBefore(a: Uint32Array, b: Uint32Array, band: number): boolean {
  for (let earlier = 0; earlier < band; earlier += 1) if (sameBand(a, b, earlier)) return true;
  return false;
}

/** The bands from `band` on that two pages share: the comparisons the rule charges a pair that is not near. */
function sharedFrom(a: Uint32Array, b: Uint32Array, band: number): number {
  let shared = 0;
  for (let later = band; later < BANDS; later += 1) if (sameBand(a, b, later)) shared += 1;
  return shared;
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
    /**
     * One pair of a bucket of `band`, compared once, at the first band the two share (later bands skip it);
     * charged there what the rule charges it in all: one comparison if near (the rule then skips it), one per
     * shared band if not. False once the budget is spent.
     */
    compare(idA: number, a: Member, idB: number, b: Member, band: number): boolean {
      if (budget <= 0) return false;
      // A hash collision: pages whose bands differ, skipped uncharged as the rule skips them.
      if (!sameBand(a.minhash, b.minhash, band)) return true;
      if (sharedBefore(a.minhash, b.minhash, band)) return true;
      const near = a.textHash !== b.textHash && minhashSimilarity(a.minhash, b.minhash) >= NEAR_DUPLICATE_SIMILARITY;
      budget -= near ? 1 : sharedFrom(a.minhash, b.minhash, band);
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
  /** Band entries a pass holds. */
  entries: number;
  /** The band hash's bits (tests narrow it to make hash collisions). */
  hashBits?: number;
  /** Pages whose signature is read at once. */
  block: number;
  /** Signatures kept once read. */
  held: number;
}

const READS: NearDuplicateReads = { entries: PASS_ENTRIES, block: SIGNATURE_BLOCK, held: SIGNATURES_HELD };

/** A bucket larger than a block: its pairs a pair of blocks at a time, so at most two blocks of signatures are held. */
async function compareLargeBucket(
  readMembers: ReadMembers,
  matcher: Matcher,
  band: number,
  bucket: readonly number[],
  block: number,
) {
  const blocks: number[][] = [];
  for (let from = 0; from < bucket.length; from += block) blocks.push(bucket.slice(from, from + block));
  for (let x = 0; x < blocks.length; x += 1) {
    compareBuckets(matcher, band, [blocks[x]], await readMembers(blocks[x]));
    for (let y = x + 1; y < blocks.length && !matcher.exhausted(); y += 1) {
      const members = await readMembers([...blocks[x], ...blocks[y]]);
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
  const matcher = createMatcher();
  const readMembers = signatureCache(db, auditId, reads.held);
  /** Whole buckets of one band waiting for their signatures, and the bucket being read. */
  let waiting: number[][] = [];
  let waitingIds = 0;
  let waitingBand = 0;
  const flush = async () => {
    if (waitingIds > 0) compareBuckets(matcher, waitingBand, waiting, await readMembers(waiting.flat()));
    waiting = [];
    waitingIds = 0;
  };
  const close = async (bucket: { band: number; ids: number[] }) => {
    if (bucket.band !== waitingBand || waitingIds + bucket.ids.length > reads.block) await flush();
    waitingBand = bucket.band;
    if (bucket.ids.length > reads.block)
      await compareLargeBucket(readMembers, matcher, bucket.band, bucket.ids, reads.block);
    else {
      waiting.push(bucket.ids);
      waitingIds += bucket.ids.length;
    }
  };
  for await (const bucket of bandBuckets(db, auditId, reads.entries, reads.hashBits)) {
    if (matcher.exhausted()) break;
    await close(bucket);
  }
  if (!matcher.exhausted()) await flush();
  const ids = [...matcher.partners.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const { url, first, count } = matcher.partners.get(id)!;
    await emit({ url, detail: nearDuplicateDetail(first, count) });
  }
}
