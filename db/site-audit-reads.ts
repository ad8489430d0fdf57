import { sql } from 'kysely';
import { dialectOf, type Db } from './index.ts';

/*
 * The page reads a shared audit hands its parts (decision 0071, migration 0040): the audit's job adds a row
 * for each page it would fetch; any part claims rows (leased to it), fetches and parses them, and stores the
 * answer; the audit's job takes the answers and deletes their rows. A row whose lease ran out, or that no
 * part claimed in time, is claimed again: by another part, or by the audit's job itself.
 */

/** A page to read, as the audit's job adds it. */
export interface ReadRow {
  id: number;
  url: string;
  /** How to read it (JSON of shared/answer.ts's ReadRequest). */
  request: string;
}

/** A claim: who claims, now, and for how long (ms). */
export interface ReadClaim {
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
  /** Only rows whose lease or wait for a first claim ran out (the audit's job reading what no part did). */
  lapsedOnly?: boolean;
}

/**
 * Opens the audit's reads for one try of its job: what an earlier try left is dropped, and parts started for
 * another try see theirs closed.
 */
export async function openReads(db: Db, auditId: string, attempt: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('site_audit_reads').where('audit_id', '=', auditId).execute();
    await trx
      .insertInto('site_audit_frontiers')
      .values({ audit_id: auditId, next_id: 0, next_seq: 0, reads_open: attempt })
      .onConflict((conflict) => conflict.column('audit_id').doUpdateSet({ reads_open: attempt }))
      .execute();
  });
}

/** Closes the audit's reads (its crawl is over): its parts stop, and what is left unanswered is dropped. */
export async function closeReads(db: Db, auditId: string): Promise<void> {
  await db.updateTable('site_audit_frontiers').set({ reads_open: 0 }).where('audit_id', '=', auditId).execute();
  await db.deleteFrom('site_audit_reads').where('audit_id', '=', auditId).execute();
}

/** Whether the audit still runs with its reads open to the parts of try `attempt`. */
export async function readsOpen(db: Db, auditId: string, attempt: number): Promise<boolean> {
  const row = await db
    .selectFrom('site_audit_frontiers as f')
    .innerJoin('site_audits as a', 'a.id', 'f.audit_id')
    .select('f.reads_open')
    .where('f.audit_id', '=', auditId)
    .where('a.status', '=', 'running')
    .executeTakeFirst();
  return row?.reads_open === attempt;
}

/** Adds pages to read; `waitMs`: how long they wait for a part before the audit's job may read them itself. */
export async function addReads(db: Db, auditId: string, rows: readonly ReadRow[], until: number): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('site_audit_reads')
    .values(rows.map((row) => ({ audit_id: auditId, ...row, owner: null, until, answer: null })))
    .execute();
}

/**
 * Claims up to `limit` unanswered rows, in the order they were added: free ones (never claimed, or whose
 * lease ran out), or with `lapsedOnly` only those whose time ran out. On PostgreSQL rows another caller is
 * claiming are skipped, not waited for.
 */
export async function claimReads(db: Db, auditId: string, claim: ReadClaim): Promise<ReadRow[]> {
  if (claim.limit <= 0) return [];
  // One statement, one round trip: the rows chosen and claimed together.
  let chosen = db
    .selectFrom('site_audit_reads')
    .select('id')
    .where('audit_id', '=', auditId)
    .where('answer', 'is', null)
    .where((eb) =>
      claim.lapsedOnly ? eb('until', '<', claim.now) : eb.or([eb('owner', 'is', null), eb('until', '<', claim.now)]),
    )
    .orderBy('id')
    .limit(claim.limit);
  if (dialectOf(db) === 'postgres') chosen = chosen.forUpdate().skipLocked();
  const rows = await db
    .updateTable('site_audit_reads')
    .set({ owner: claim.owner, until: claim.now + claim.leaseMs })
    .where('audit_id', '=', auditId)
    .where('id', 'in', chosen)
    .returning(['id', 'url', 'request'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** A part that starts again (its worker died) frees the rows its earlier run had claimed. */
export async function freeOwnReads(db: Db, auditId: string, owner: string): Promise<void> {
  await db
    .updateTable('site_audit_reads')
    .set({ owner: null, until: 0 })
    .where('audit_id', '=', auditId)
    .where('owner', '=', owner)
    .where('answer', 'is', null)
    .execute();
}

/** Stores a read's answer; false when the row is no longer the owner's (its lease ran out and another took it). */
export async function answerRead(
  db: Db,
  auditId: string,
  read: { id: number; owner: string; answer: Buffer },
): Promise<boolean> {
  return (await answerReads(db, auditId, read.owner, [read])) === 1;
}

/**
 * Stores the owner's answers, one statement on PostgreSQL (a part answers those ready together); answers how
 * many rows were still the owner's and unanswered, and so took their answer.
 */
export async function answerReads(
  db: Db,
  auditId: string,
  owner: string,
  answers: ReadonlyArray<{ id: number; answer: Buffer }>,
): Promise<number> {
  if (answers.length === 0) return 0;
  if (dialectOf(db) === 'postgres') {
    const values = sql.join(answers.map((read) => sql`(${read.id}::integer, ${read.answer}::bytea)`));
    const result = await sql`UPDATE site_audit_reads AS r SET answer = v.answer
      FROM (VALUES ${values}) AS v (id, answer)
      WHERE r.audit_id = ${auditId} AND r.id = v.id AND r.owner = ${owner} AND r.answer IS NULL`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  }
  // SQLite's statements cost no round trip: one transaction of them.
  return db.transaction().execute(async (trx) => {
    let stored = 0;
    for (const read of answers) {
      const result = await trx
        .updateTable('site_audit_reads')
        .set({ answer: read.answer })
        .where('audit_id', '=', auditId)
        .where('id', '=', read.id)
        .where('owner', '=', owner)
        .where('answer', 'is', null)
        .executeTakeFirst();
      stored += Number(result.numUpdatedRows);
    }
    return stored;
  });
}

/** Takes up to `limit` answers (deleting their rows, one statement), in the order the pages were added. */
export async function takeAnswers(
  db: Db,
  auditId: string,
  limit: number,
): Promise<Array<{ id: number; owner: string | null; answer: Buffer }>> {
  const rows = await db
    .deleteFrom('site_audit_reads')
    .where('audit_id', '=', auditId)
    .where(
      'id',
      'in',
      db
        .selectFrom('site_audit_reads')
        .select('id')
        .where('audit_id', '=', auditId)
        .where('answer', 'is not', null)
        .orderBy('id')
        .limit(limit),
    )
    .returning(['id', 'owner', 'answer'])
    .execute();
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ id: row.id, owner: row.owner, answer: Buffer.from(row.answer!) }));
}
