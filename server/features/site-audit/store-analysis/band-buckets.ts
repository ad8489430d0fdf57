import type { Db } from '#db/index.ts';
import { MINHASH_SIZE } from '#server/lib/page-facts/text-fingerprint.ts';
import { BANDS, bandKey } from '../rules/content.ts';
import { NEAR_DUPLICATE_MIN_WORDS } from '../thresholds.ts';

/*
 * The near-duplicate rule's buckets from the store (decision 0066, addendum): the candidate pages' stored
 * MinHash read in id order, each band hashed as the rule hashes it (`bandKey`), and the (band, hash, id)
 * entries sorted in one typed array, so a bucket is a run of equal (band, hash). Entries are 64-bit integers
 * (band 4 bits, hash 31, page id 29), sorted natively: no map of buckets, no table written. When a site has
 * more entries than a pass holds, the entries are split by hash into passes, each reading the signatures
 * again and keeping its share: memory is a pass's entries, whatever the site's size (a bucket is never split,
 * so one bucket larger than a pass makes its pass that large).
 */

/** Band entries held at once (8 bytes each: 16 MB). */
export const PASS_ENTRIES = 1 << 21;
/** Signatures read at a time while a pass is gathered. */
const SIGNATURE_ROWS = 1000;
/** The band hash's bits, all of `bandKey`'s 31 unless a test narrows them to make buckets of unequal bands. */
export const HASH_BITS = 31;

const ID_BITS = 29n;
const ID_MASK = (1n << ID_BITS) - 1n;
const HASH_SPAN = 2 ** 31;

/** Pages whose band `band` hashes alike, ids ascending: usually equal bands, now and then a hash collision. */
export interface Bucket {
  band: number;
  ids: number[];
}

/** The rule's candidates: indexable pages with enough words and a whole signature. */
function candidates(db: Db, auditId: string) {
  return db
    .selectFrom('site_audit_records')
    .where('audit_id', '=', auditId)
    .where('indexable', '=', 1)
    .where('words', '>=', NEAR_DUPLICATE_MIN_WORDS)
    .where('minhash', 'is not', null);
}

/** A pass's entries: for each candidate page, its bands whose hash falls to the pass; sorted. */
async function passEntries(db: Db, auditId: string, pass: number, passes: number, hashBits: number, size: number) {
  const mask = hashBits >= 31 ? 0x7fffffff : (1 << hashBits) - 1;
  let entries: BigUint64Array = new BigUint64Array(Math.max(size, 16));
  let length = 0;
  const add = ({ id, minhash: bytes }: { id: number; minhash: Buffer | null }) => {
    if (bytes!.length !== MINHASH_SIZE * Uint32Array.BYTES_PER_ELEMENT) return;
    // Copied: a driver's buffer may sit at an offset no Uint32Array can start at.
    const minhash = new Uint32Array(new Uint8Array(bytes!).buffer);
    for (let band = 0; band < BANDS; band += 1) {
      const hash = bandKey(minhash, band) & mask;
      if ((hash + band) % passes !== pass) continue;
      // Only a bucket larger than a pass (one hash for very many pages) outgrows the array.
      if (length === entries.length) entries = grown(entries);
      entries[length++] = (BigInt(band * HASH_SPAN + hash) << ID_BITS) | BigInt(id);
    }
  };
  // By id, SIGNATURE_ROWS at a time: the records' key orders them, and no statement stays open.
  for (let after = -1; ;) {
    const rows = await candidates(db, auditId)
      .select(['id', 'minhash'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(SIGNATURE_ROWS)
      .execute();
    rows.forEach(add);
    if (rows.length < SIGNATURE_ROWS) break;
    after = rows.at(-1)!.id;
  }
  return entries.subarray(0, length).sort();
}

function grown(entries: BigUint64Array): BigUint64Array {
  const larger = new BigUint64Array(entries.length * 2);
  larger.set(entries);
  return larger;
}

/** The runs of equal (band, hash) of more than one page, in (band, hash) order. */
function* runs(entries: BigUint64Array): Generator<Bucket> {
  for (let from = 0; from < entries.length;) {
    const key = entries[from] >> ID_BITS;
    let to = from + 1;
    while (to < entries.length && entries[to] >> ID_BITS === key) to += 1;
    if (to - from > 1)
      yield {
        band: Math.floor(Number(key) / HASH_SPAN),
        ids: Array.from(entries.subarray(from, to), (entry) => Number(entry & ID_MASK)),
      };
    from = to;
  }
}

/**
 * The buckets of the audit's candidate pages, band by band within each pass; `limit`: entries a pass
 * holds. The signatures are read while a pass is gathered, never while its buckets are handed on.
 */
export async function* bandBuckets(
  db: Db,
  auditId: string,
  limit = PASS_ENTRIES,
  hashBits = HASH_BITS,
): AsyncGenerator<Bucket> {
  const { pages } = await candidates(db, auditId)
    .select((eb) => eb.fn.countAll<number>().as('pages'))
    .executeTakeFirstOrThrow();
  const total = Number(pages) * BANDS;
  const passes = Math.max(1, Math.ceil(total / limit));
  for (let pass = 0; pass < passes; pass += 1)
    yield* runs(await passEntries(db, auditId, pass, passes, hashBits, Math.min(limit, total)));
}
