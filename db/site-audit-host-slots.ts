import { dialectOf, type Db } from './index.ts';

/*
 * Politeness for a whole audit, however many workers fetch it (decision 0068): each host of the audit has
 * `places` rows (its concurrency; one under a Crawl-delay); a worker takes a free one for each fetch, leased
 * like the frontier's rows, and gives it back with the time the host may next be asked (now + its
 * Crawl-delay). A place whose lease ran out (its worker died mid-fetch) is free again.
 */

/** A fetch's claim on a host: which place, for whom, until when (ms since the epoch). */
export interface HostSlotClaim {
  host: string;
  /** The host's places at once: SITE_AUDIT's host concurrency, 1 when it asks for a Crawl-delay. */
  places: number;
  owner: string;
  now: number;
  /** How long a place is held without being given back. */
  leaseMs: number;
}

/** A place taken, or how long until one may be (null: every place is held; wait for one to be given back). */
export type HostSlotAnswer = { slot: number } | { slot: null; waitMs: number | null };

/**
 * Takes a free place of the host for one fetch: free when nobody holds it (or its lease ran out) and its
 * Crawl-delay since the last fetch has passed. One transaction; on PostgreSQL a place another worker is
 * taking is skipped, not waited for.
 */
export async function takeHostSlot(db: Db, auditId: string, claim: HostSlotClaim): Promise<HostSlotAnswer> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('site_audit_host_slots')
      .values(
        Array.from({ length: claim.places }, (_, slot) => ({ audit_id: auditId, host: claim.host, slot, next_at: 0 })),
      )
      .onConflict((conflict) => conflict.columns(['audit_id', 'host', 'slot']).doNothing())
      .execute();
    const free = () =>
      trx
        .selectFrom('site_audit_host_slots')
        .where('audit_id', '=', auditId)
        .where('host', '=', claim.host)
        // A host that asks for a Crawl-delay after places were made for more: only the first ones count.
        .where('slot', '<', claim.places)
        .where((eb) => eb.or([eb('owner', 'is', null), eb('until', '<', claim.now)]));
    // One ready place, locked: locking every free one would hide the others from workers taking at once.
    let query = free().select('slot').where('next_at', '<=', claim.now).orderBy('slot').limit(1);
    if (dialectOf(trx) === 'postgres') query = query.forUpdate().skipLocked();
    const ready = await query.executeTakeFirst();
    if (!ready) {
      const soonest = await free()
        .select((eb) => eb.fn.min('next_at').as('next_at'))
        .executeTakeFirst();
      const nextAt = soonest?.next_at ?? null;
      return { slot: null, waitMs: nextAt === null ? null : Math.max(0, Number(nextAt) - claim.now) };
    }
    await trx
      .updateTable('site_audit_host_slots')
      .set({ owner: claim.owner, until: claim.now + claim.leaseMs })
      .where('audit_id', '=', auditId)
      .where('host', '=', claim.host)
      .where('slot', '=', ready.slot)
      .execute();
    return { slot: ready.slot };
  });
}

/**
 * Gives a place back after its fetch: the host may be asked again through it `gapMs` from `now` (its
 * Crawl-delay, 0 without). A place whose lease ran out and was taken by another is theirs: answers false.
 */
export async function releaseHostSlot(
  db: Db,
  auditId: string,
  place: { host: string; slot: number; owner: string; now: number; gapMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('site_audit_host_slots')
    .set({ owner: null, until: null, next_at: place.now + place.gapMs })
    .where('audit_id', '=', auditId)
    .where('host', '=', place.host)
    .where('slot', '=', place.slot)
    .where('owner', '=', place.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
