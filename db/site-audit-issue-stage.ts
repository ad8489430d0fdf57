import { CompiledQuery, sql } from 'kysely';
import { dialectOf, type Db } from './index.ts';
import { insertRows, type RowInsert } from './row-insert.ts';
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
  // Written as SQL text with its parameters: Kysely's building of each row's values cost more than the insert.
  const insert: RowInsert<StoredIssue> = {
    table: `temp.${name}`,
    columns: ['type', 'url', 'severity', 'detail', 'links'],
    values: (issue) => {
      const row = issueRow(auditId, issue);
      return [row.type, row.url, row.severity, row.detail, row.links];
    },
    perStatement: SAVE_BATCH_ROWS,
  };
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    await sql`DROP TABLE IF EXISTS ${table}`.execute(db);
  };
  return {
    async add(issues) {
      await insertRows(db, insert, issues);
    },
    async finish(pace = {}) {
      // One sort of everything staged, by SQLite's sorter in bounded memory; the index carries every column,
      // so the move reads it in order without a lookup a row.
      await sql`CREATE INDEX ${sql.table(`temp.${name}_key`)} ON ${sql.table(name)}
        (type, url, seq, severity, detail, links)`.execute(db);
      // Each transaction copies the next MOVE_ROWS in key order inside SQLite: no row crosses into JavaScript.
      const key = '(type, url, seq)';
      let after: unknown[] = ['', '', -1];
      while (!pace.aborted?.()) {
        const { rows } = await db.executeQuery<{ type: string; url: string; seq: number }>(
          CompiledQuery.raw(
            `SELECT type, url, seq FROM temp.${name} WHERE ${key} > (?, ?, ?) ORDER BY type, url, seq
            LIMIT 1 OFFSET ${MOVE_ROWS - 1}`,
            after,
          ),
        );
        // Fewer than MOVE_ROWS left: the move takes the rest, if any.
        const last = rows[0] ? [rows[0].type, rows[0].url, rows[0].seq] : undefined;
        if (!last) {
          const left = await db.executeQuery(
            CompiledQuery.raw(`SELECT 1 FROM temp.${name} WHERE ${key} > (?, ?, ?) LIMIT 1`, after),
          );
          if (left.rows.length === 0) break;
        }
        await db.transaction().execute((trx) =>
          trx.executeQuery(
            CompiledQuery.raw(
              `INSERT INTO site_audit_issues (audit_id, type, url, severity, detail, links)
              SELECT ?, type, url, severity, detail, links FROM temp.${name} WHERE ${key} > (?, ?, ?)
              ${last ? `AND ${key} <= (?, ?, ?)` : ''} ORDER BY type, url, seq ON CONFLICT DO NOTHING`,
              [auditId, ...after, ...(last ?? [])],
            ),
          ),
        );
        await pace.breathe?.();
        if (!last) break;
        after = last;
      }
      await close();
    },
    close,
  };
}
