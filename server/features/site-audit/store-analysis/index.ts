import type { Db } from '#db/index.ts';
import { sortEdgesByTarget } from '#db/site-audit-edges.ts';
import type { MovePace } from '#db/sqlite-temp.ts';
import type { Finding } from '../rules/context.ts';
import { STORE_DUPLICATE_CHECKS, storeDuplicates, type StoreDuplicateCheck } from './duplicates.ts';
import { storeLargeImages } from './images.ts';
import { externalLinkCheck } from './external-links.ts';
import { STORE_RESOURCE_CHECKS } from './resources.ts';
import { siteWideCheck } from './site-wide.ts';
import { storeCanonicalTargetNoLinks, storeNofollowInlinksOnly, storeRedirectNoInlinks } from './link-checks.ts';
import { storeNearDuplicates } from './near-duplicates.ts';
import { analyseStore, readGraph, storeClickDepths, storeInlinks, storeOrphans } from './graph.ts';
import type { EmitFinding } from './stream.ts';

/*
 * The cross-page checks an audit takes from its crawl store instead of its memory (decision 0062,
 * SITE_AUDIT_SITE_CHECKS=store): click depth and inlinks (every rule that reads them gets the store's),
 * and the findings of the checks that compare pages which SQL computes whole (orphans, images shown on
 * several pages, duplicates).
 */

/**
 * One cross-page check over the store, run once the graph is analysed (inlinks and click depth stored):
 * hands its findings to `emit` in the order the in-memory rule gives them.
 */
export type StoreCheck = (db: Db, auditId: string, emit: EmitFinding) => Promise<void>;

/** Each check that runs from the store, by the issue type it decides whole. A check added here replaces its rule. */
export const STORE_CHECKS: Readonly<Record<string, StoreCheck>> = {
  orphan: storeOrphans,
  'img-large': storeLargeImages,
  'hsts-missing': siteWideCheck('hsts-missing'),
  'nosniff-missing': siteWideCheck('nosniff-missing'),
  'csp-missing': siteWideCheck('csp-missing'),
  'referrer-policy-missing': siteWideCheck('referrer-policy-missing'),
  'html-not-compressed': siteWideCheck('html-not-compressed'),
  ...STORE_RESOURCE_CHECKS,
  'external-broken': externalLinkCheck('broken'),
  'external-redirected': externalLinkCheck('redirected'),
  'external-timeout': externalLinkCheck('timeout'),
  'external-unverified': externalLinkCheck('unverified'),
  'near-duplicate-content': storeNearDuplicates,
  'nofollow-inlinks-only': storeNofollowInlinksOnly,
  'redirect-no-inlinks': storeRedirectNoInlinks,
  'canonical-target-no-links': storeCanonicalTargetNoLinks,
  ...Object.fromEntries(
    (Object.keys(STORE_DUPLICATE_CHECKS) as StoreDuplicateCheck[]).map((check): [string, StoreCheck] => [
      check,
      (db, auditId, emit) => storeDuplicates(db, auditId, check, emit),
    ]),
  ),
};

/** The issue types whose findings come from the store. */
export const STORE_CHECK_TYPES = Object.keys(STORE_CHECKS);

/** A check's findings in a list (the in-memory evaluation's form, and the tests'). */
export async function collectFindings(db: Db, auditId: string, check: StoreCheck): Promise<Finding[]> {
  const found: Finding[] = [];
  await check(db, auditId, (finding) => {
    found.push(finding);
  });
  return found;
}

/**
 * The crawl's edges sorted by target, then inlinks and click depths computed in SQL and stored in the URLs'
 * rows, read back by node id; `size`: the node count.
 */
export async function analyseStoreGraph(
  db: Db,
  auditId: string,
  size: number,
  pace?: MovePace,
): Promise<{ depth: Int32Array; inlinks: Int32Array }> {
  await sortEdgesByTarget(db, auditId, pace);
  await analyseStore(db);
  await storeInlinks(db, auditId);
  await storeClickDepths(db, auditId);
  return readGraph(db, auditId, size);
}

/** Every check `STORE_CHECKS` holds, run after `analyseStoreGraph`: each finding handed on with its type as it comes. */
export async function runStoreChecks(
  db: Db,
  auditId: string,
  emit: (type: string, finding: Finding) => void | Promise<void>,
): Promise<void> {
  for (const [type, check] of Object.entries(STORE_CHECKS)) await check(db, auditId, (finding) => emit(type, finding));
}
