import type { Db } from '#db/index.ts';
import { leaseQueued, renewLeases } from '#db/site-audit-leases.ts';
import { readQueued, URL_STATE, type UrlLease, type UrlState } from '#db/site-audit-urls.ts';
import type { QueueItem, QueueSource } from '#server/lib/crawler/frontier.ts';

/*
 * The crawl's queue kept in its crawl store (decisions 0059 and 0064): the URLs queued since the last batch
 * written wait in memory and go out with that batch as queued rows, their `seq` in the order they were
 * queued; the crawl then takes them back `batch` at a time, leased (state 2), in `seq` order — breadth-first
 * as the queue held in memory. What memory holds is the leased batch and what one write batch queued.
 */

/** Where a URL stands in this queue, by id. */
const PLACE = { none: 0, unwritten: 1, stored: 2, leased: 3 } as const;

/**
 * How long a lease holds (ms) unless renewed: a try that dies leaves its leases to run out for other owners;
 * the next try of the same owner takes them back at once (decision 0068).
 */
export const FRONTIER_LEASE_MS = 120_000;

/**
 * Leases are renewed when the crawl asks for its next URL this long after the last renewal: a page's fetch
 * (SITE_AUDIT page timeout) and the Crawl-delay (at most 10 s) fit well inside, and three renewals may be
 * missed before a lease runs out.
 */
export const LEASE_RENEW_MS = FRONTIER_LEASE_MS / 4;

/** The lease owner of an audit's own job (the part that starts the crawl): one try of it runs at a time. */
export const AUDIT_LEASE_OWNER = 'audit';

/** A URL's queue row as the writer writes it. */
export interface QueuePlace {
  state: UrlState;
  seq: number;
  depth: number;
}

/** What a resumed crawl's queue starts from: the rows stored queued (leases taken back), and the next `seq`. */
export interface ResumedQueue {
  queued: Array<{ id: number; seq: number; depth: number }>;
  nextSeq: number;
}

export interface StoredQueueOptions {
  db: Db;
  auditId: string;
  /** Rows leased at a time (SITE_AUDIT_FRONTIER_BATCH). */
  batch: number;
  /** The URL's node id in the audit's store. */
  idOf(url: string): number;
  /** Resolves once every batch the writer has taken is stored. */
  settled(): Promise<void>;
  resumed?: ResumedQueue;
  /** Who leases (AUDIT_LEASE_OWNER unless told): a name no two live tries share. */
  owner?: string;
  now?: () => number;
}

export interface StoredQueue extends QueueSource {
  /** The row a URL of this queue is written as (undefined: never queued). */
  placeOf(id: number): QueuePlace | undefined;
  /** The writer's batch took every URL queued since the last one: they are stored as queued from now. */
  written(): void;
  /** Throws the first read of the queue that failed (the crawl ended without the rest of its queue). */
  check(): void;
  /** The lease the writer gives the rows it writes leased (the queue's owner, until a lease from now). */
  lease(): UrlLease;
}

/** An array at least `size` long, grown by doubling (its contents kept). */
export function fit<T extends Uint8Array | Int32Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const grown = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2));
  grown.set(array);
  return grown;
}

/** A FIFO of items read from a moving head, dropping what it has handed out now and then. */
function createFifo() {
  let items: (QueueItem | undefined)[] = [];
  let head = 0;
  return {
    get size() {
      return items.length - head;
    },
    push: (item: QueueItem) => void items.push(item),
    shift(): QueueItem | undefined {
      if (head >= items.length) return undefined;
      const item = items[head];
      items[head] = undefined;
      head += 1;
      if (head > 1024 && head * 2 > items.length) {
        items = items.slice(head);
        head = 0;
      }
      return item;
    },
    /** Every item not handed out, and the FIFO emptied. */
    drain(): QueueItem[] {
      const rest = items.slice(head) as QueueItem[];
      items = [];
      head = 0;
      return rest;
    },
  };
}

export function createStoredQueue(options: StoredQueueOptions): StoredQueue {
  const { db, auditId, batch } = options;
  const now = options.now ?? Date.now;
  const owner = options.owner ?? AUDIT_LEASE_OWNER;
  const leaseOf = (): UrlLease => ({ owner, until: now() + FRONTIER_LEASE_MS });
  /** When the leases were last taken or renewed. */
  let renewedAt = now();
  let place = new Uint8Array(1024);
  let seqs = new Int32Array(1024);
  let depths = new Int32Array(1024);
  const grow = (id: number) => {
    place = fit(place, id + 1);
    seqs = fit(seqs, id + 1);
    depths = fit(depths, id + 1);
  };
  let nextSeq = options.resumed?.nextSeq ?? 0;
  /** Rows stored queued that this queue has not leased yet. */
  let stored = options.resumed?.queued.length ?? 0;
  for (const row of options.resumed?.queued ?? []) {
    grow(row.id);
    place[row.id] = PLACE.stored;
    seqs[row.id] = row.seq;
    depths[row.id] = row.depth;
  }
  /** Queued since the last batch written, in order (ids beside). */
  let tail = createFifo();
  let tailIds: number[] = [];
  let tailTaken = 0;
  /** Leased, not yet handed out. */
  const leased = createFifo();
  let refilling: Promise<void> | null = null;
  let failure: unknown = null;

  async function lease(): Promise<void> {
    const expected = stored;
    await options.settled();
    renewedAt = now();
    const rows = await leaseQueued(db, auditId, { limit: batch, ...leaseOf() });
    for (const row of rows) {
      place[row.id] = PLACE.leased;
      leased.push({ url: row.url, depth: row.depth, start: row.start });
    }
    // Fewer than asked: every row stored before this read was leased (those written since stay counted).
    stored -= rows.length < batch ? expected : rows.length;
  }

  async function renew(): Promise<void> {
    renewedAt = now();
    try {
      await renewLeases(db, auditId, leaseOf());
    } catch (error) {
      failure ??= error;
    }
  }

  function refill(): Promise<void> {
    if (refilling) return refilling;
    if (stored <= 0 || failure !== null) return Promise.resolve();
    refilling = lease()
      .catch((error: unknown) => {
        failure ??= error;
        stored = 0;
      })
      .finally(() => {
        refilling = null;
      });
    return refilling;
  }

  return {
    push(item) {
      const id = options.idOf(item.url);
      grow(id);
      place[id] = PLACE.unwritten;
      seqs[id] = nextSeq++;
      depths[id] = item.depth;
      tail.push(item);
      tailIds.push(id);
    },
    next() {
      // The crawl asks for work as each fetch ends (a fetch and its Crawl-delay last far less than a lease):
      // while it works its leases are renewed, once it stops they run out.
      if (now() - renewedAt >= LEASE_RENEW_MS) void renew();
      const item = leased.shift();
      // Running low: the next batch is read while these are fetched.
      if (leased.size < batch / 4 && stored > 0) void refill();
      if (item || stored > 0) return item;
      // Nothing stored waits before them: the URLs queued since the last batch go straight out, leased.
      const next = tail.shift();
      if (next) place[tailIds[tailTaken++]] = PLACE.leased;
      return next;
    },
    get pending() {
      return leased.size + stored + tail.size;
    },
    refill,
    async *rest() {
      await refilling;
      yield* leased.drain();
      await options.settled();
      for (let afterSeq = -1; ;) {
        const rows = await readQueued(db, auditId, { afterSeq, limit: batch });
        if (rows.length === 0) break;
        yield* rows;
        afterSeq = rows.at(-1)!.seq;
      }
      stored = 0;
      yield* tail.drain();
    },
    placeOf(id) {
      const where = place[id] ?? PLACE.none;
      if (where === PLACE.none) return undefined;
      return {
        state: where === PLACE.leased ? URL_STATE.leased : URL_STATE.queued,
        seq: seqs[id],
        depth: depths[id],
      };
    },
    written() {
      for (const id of tailIds.slice(tailTaken)) place[id] = PLACE.stored;
      stored += tail.size;
      tail = createFifo();
      tailIds = [];
      tailTaken = 0;
    },
    check() {
      if (failure !== null) throw failure;
    },
    lease: leaseOf,
  };
}
