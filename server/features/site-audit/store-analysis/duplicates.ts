import { sql } from 'kysely';
import type { Db } from '#db/index.ts';
import { sameAsDetail } from '../rules/context.ts';
import { forEachRow, type EmitFinding } from './stream.ts';

/*
 * The duplicate checks over the crawl store (decision 0059): indexable pages grouped by a value in SQL
 * (a window over the records, sorted once: both databases spill a sort to disk), read a row at a time in
 * group order. A group's first four URLs are all any detail names ("same title as A, B, C and 12 more"),
 * so memory is four URLs however large the group. `duplicatesBy` (rules/context.ts) is the specification.
 */

/** The duplicate checks that run from the store: the issue type, the records' column, the detail's word. */
export const STORE_DUPLICATE_CHECKS = {
  'title-duplicate': { column: 'title', label: 'title' },
  'description-duplicate': { column: 'description', label: 'meta description' },
  'h1-duplicate': { column: 'h1', label: 'H1' },
  // The rule compares the text of pages with words only.
  'duplicate-content': { column: 'text_hash', label: 'text', withWords: true },
} as const satisfies Record<string, { column: string; label: string; withWords?: boolean }>;

export type StoreDuplicateCheck = keyof typeof STORE_DUPLICATE_CHECKS;

/** Pages named in a group's details: the first three others, so the first four pages of a group. */
const NAMED = 4;

function groupedQuery(db: Db, auditId: string, check: StoreDuplicateCheck) {
  const { column } = STORE_DUPLICATE_CHECKS[check];
  const value = sql.ref(`r.${column}`);
  const pages = db
    .selectFrom('site_audit_records as r')
    .innerJoin('site_audit_urls as u', (join) => join.onRef('u.audit_id', '=', 'r.audit_id').onRef('u.id', '=', 'r.id'))
    .select([
      'u.url',
      sql<number>`min(r.id) OVER (PARTITION BY ${value})`.as('grp'),
      sql<number>`count(*) OVER (PARTITION BY ${value})`.as('n'),
      sql<number>`row_number() OVER (PARTITION BY ${value} ORDER BY r.id)`.as('k'),
    ])
    .where('r.audit_id', '=', auditId)
    .where('r.indexable', '=', 1)
    .where(value, 'is not', null)
    .where(value, '<>', '')
    .$if('withWords' in STORE_DUPLICATE_CHECKS[check], (query) => query.where('r.words', '>', 0));
  return db.selectFrom(pages.as('g')).select(['url', 'n', 'k']).where('n', '>', 1).orderBy('grp').orderBy('k');
}

/**
 * A duplicate check's findings from the store, to `onFinding` a group at a time (each page of every group
 * of two or more, worded as the rule words it). Pages of a group come in id order, groups by their first page.
 */
export async function storeDuplicates(
  db: Db,
  auditId: string,
  check: StoreDuplicateCheck,
  onFinding: EmitFinding,
): Promise<void> {
  const { label } = STORE_DUPLICATE_CHECKS[check];
  /** The current group's first pages, held until all of them are known. */
  let first: string[] = [];
  const emit = async (url: string, size: number) =>
    onFinding({
      url,
      detail: sameAsDetail(label, first.filter((other) => other !== url).slice(0, NAMED - 1), size),
    });
  await forEachRow(db, groupedQuery(db, auditId, check), async (row) => {
    const size = Number(row.n);
    const k = Number(row.k);
    if (k === 1) first = [];
    if (k > NAMED) return emit(row.url, size);
    first.push(row.url);
    if (k === Math.min(size, NAMED)) for (const url of first) await emit(url, size);
  });
}
