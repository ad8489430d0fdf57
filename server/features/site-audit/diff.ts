import type { Db } from '#db/index.ts';
import { previousInHistory } from '#db/site-audit-history.ts';
import { issueDetailsOf } from '#db/site-audit-results.ts';
import { issueLinksOf, issuesOnlyIn } from '#db/site-audits.ts';
import { COMPARED_TYPES, comparedWith, groupByCause, type DiffItem } from '#views/model/site-audit-diff.ts';
import { DIFF_LIST_LIMIT } from './report.ts';

/** Where each listed issue's stored links point, in audit `id`: a lookup by the issue. */
async function linkTargets(trx: Db, id: string, items: readonly DiffItem[]): Promise<(item: DiffItem) => string[]> {
  const byUrl = await issueLinksOf(trx, id, [...new Set(items.map((item) => item.url))]);
  return (item) =>
    byUrl
      .get(item.url)
      ?.find((entry) => entry.type === item.type)
      ?.links.map((link) => link.target) ?? [];
}

/** The pages each listed comparing issue (a duplicate title…) named in audit `id`: a lookup by the issue. */
async function comparedPages(trx: Db, id: string, items: readonly DiffItem[]): Promise<(item: DiffItem) => string[]> {
  const details = await issueDetailsOf(
    trx,
    id,
    items.filter((item) => COMPARED_TYPES.has(item.type)),
  );
  return (item) => comparedWith(details.get(`${item.type} ${item.url}`) ?? '');
}

/**
 * The diff against the previous finished audit of the site's history (db/site-audit-history.ts: the same
 * owner's, or their monitor's, of the address crawled, however it was typed).
 * Runs inside the transaction that marks the audit done (`trx`), after its issues are written. Side effects
 * of one regression are grouped under it (views/model/site-audit-diff.ts): a page that went 404 takes the
 * new broken links to it, its own earlier issues and the duplicates it was the twin of, none counted as fixed.
 */
export async function diffAgainstPrevious(
  trx: Db,
  current: { id: string; visitor: string; createdAt: string },
  crawledUrl: string,
) {
  const previousId = await previousInHistory(trx, { ...current, url: crawledUrl });
  if (!previousId) return undefined;
  const added = await issuesOnlyIn(trx, current.id, previousId, DIFF_LIST_LIMIT);
  const fixed = await issuesOnlyIn(trx, previousId, current.id, DIFF_LIST_LIMIT);
  const grouped = groupByCause({
    added: added.items,
    fixed: fixed.items,
    addedTargets: await linkTargets(trx, current.id, added.items),
    fixedTargets: await linkTargets(trx, previousId, fixed.items),
    fixedComparedWith: await comparedPages(trx, previousId, fixed.items),
  });
  const gone = grouped.causes.reduce((sum, cause) => sum + cause.gone.length + (cause.compared?.length ?? 0), 0);
  return {
    previousId,
    causes: grouped.causes,
    newIssues: grouped.newIssues,
    fixedIssues: grouped.fixedIssues,
    newCount: added.total,
    fixedCount: fixed.total - gone,
  };
}
