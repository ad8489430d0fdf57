import { sql } from 'kysely';
import { dialectOf, type Db } from './index.ts';
import { boundTempCache, type MovePace } from './sqlite-temp.ts';
import { byIssueKey, issueRow, SAVE_BATCH_ROWS } from './site-audits.ts';
import type { StoredIssue } from './site-audit-results.ts';

/*
 * Where the analysis from the store puts its findings until they go to `site_audit_issues` (decision 0065,
 * addendum "Findings staged, then written once in key order"). The issues table is keyed (audit, type, URL);
 * the checks find a site's problems by URL id, which on a real site is the order links were met, not URL
 * order, so written as found each row lands on another page of the table's index, and every such page is
 * written again at each commit.
 *
 * On SQLite the findings are appended to a TEMP table of the analysing connection (its writes take no lock
 * another connection waits on, and its pages spill to a temporary file, not to memory), then moved in key
 * order, MOVE_ROWS a transaction, each appending to the audit's range of the index. On PostgreSQL, whose
 * writers do not wait on each other, each call's findings are written at once, sorted by the key.
 *
 * Of two findings of one (type, URL) the first added stays, on both: the stage keeps the order they came
 * in, and the move skips a key already stored.
 */

/** Findings moved from the stage a transaction at a time: a bounded hold of SQLite's write lock (decision 0069). */
export const MOVE_ROWS = 2_000;

export interface IssueStage {
  /** Adds findings in the order found. */
  add(issues: readonly StoredIssue[]): Promise<void>;
  /** Writes what is staged to `site_audit_issues`, then drops the stage; stopped (`pace.aborted`), the rest is dropped. */
  finish(pace?: MovePace): Promise<void>;
  /** Drops what is staged and not moved (a cancel, a failure). Safe to call after finish. */
  close(): Promise<void>;
}

/** Inserts findings into `site_audit_issues` in key order, SAVE_BATCH_ROWS a statement, keeping a stored key. */
async function insertInKeyOrder(db: Db, auditId: string, issues: readonly StoredIssue[]): Promise<void> {
  const sorted = [...issues].sort(byIssueKey);
  for (let from = 0; from < sorted.length; from += SAVE_BATCH_ROWS)
    await db
      .insertInto('site_audit_issues')
      .values(sorted.slice(from, from + SAVE_BATCH_ROWS).map((issue) => issueRow(auditId, issue)))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
}

let stages = 0;

/** A stage for one writer of the audit's findings, on `db`'s connection. */
export async function openIssueStage(db: Db, auditId: string): Promise<IssueStage> {
  if (dialectOf(db) !== 'sqlite')
    return { add: (issues) => insertInKeyOrder(db, auditId, issues), finish: async () => {}, close: async () => {} };
  stages += 1;
  const name = `site_audit_issue_stage_${stages}`;
  const table = sql.table(`temp.${name}`);
  await boundTempCache(db);
  await sql`CREATE TEMP TABLE ${sql.table(name)} (seq INTEGER PRIMARY KEY, type TEXT NOT NULL, url TEXT NOT NULL,
    severity TEXT NOT NULL, detail TEXT NOT NULL, links TEXT)`.execute(db);
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    await sql`DROP TABLE IF EXISTS ${table}`.execute(db);
  };
  return {
    async add(issues) {
      for (let from = 0; from < issues.length; from += SAVE_BATCH_ROWS) {
        const rows = issues.slice(from, from + SAVE_BATCH_ROWS).map((issue) => issueRow(auditId, issue));
        await sql`INSERT INTO ${table} (type, url, severity, detail, links) VALUES ${sql.join(
          rows.map((row) => sql`(${row.type}, ${row.url}, ${row.severity}, ${row.detail}, ${row.links})`),
        )}`.execute(db);
      }
    },
    async finish(pace = {}) {
      // One sort of everything staged, by SQLite's sorter in bounded memory; the index carries every column,
      // so the move reads it in order without a lookup a row.
      await sql`CREATE INDEX ${sql.table(`temp.${name}_key`)} ON ${sql.table(name)}
        (type, url, seq, severity, detail, links)`.execute(db);
      let after: [string, string, number] = ['', '', -1];
      for (;;) {
        const { rows } = await sql<Omit<StoredRow, 'audit_id'> & { seq: number }>`SELECT seq, type, url, severity,
          detail, links FROM ${table} WHERE (type, url, seq) > (${after[0]}, ${after[1]}, ${after[2]})
          ORDER BY type, url, seq LIMIT ${MOVE_ROWS}`.execute(db);
        if (rows.length === 0 || pace.aborted?.()) break;
        await db.transaction().execute(async (trx) => {
          for (let from = 0; from < rows.length; from += SAVE_BATCH_ROWS)
            await trx
              .insertInto('site_audit_issues')
              .values(
                rows.slice(from, from + SAVE_BATCH_ROWS).map(({ type, url, severity, detail, links }) => ({
                  audit_id: auditId,
                  type,
                  url,
                  severity,
                  detail,
                  links,
                })),
              )
              .onConflict((conflict) => conflict.doNothing())
              .execute();
        });
        const last = rows[rows.length - 1]!;
        after = [last.type, last.url, last.seq];
        await pace.breathe?.();
      }
      await close();
    },
    close,
  };
}

type StoredRow = ReturnType<typeof issueRow>;
