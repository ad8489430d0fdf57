import type { Db } from '#db/index.ts';
import type { Finding } from '../rules/context.ts';
import { STORE_DUPLICATE_CHECKS, storeDuplicates, type StoreDuplicateCheck } from './duplicates.ts';
import { storeLargeImages } from './images.ts';
import { analyseStore, readGraph, storeClickDepths, storeInlinks, storeOrphans } from './graph.ts';

/*
 * The cross-page checks an audit takes from its crawl store instead of its memory (decision 0062,
 * SITE_AUDIT_SITE_CHECKS=store): click depth and inlinks (every rule that reads them gets the store's),
 * and the findings of the checks that compare pages which SQL computes whole (orphans, images shown on
 * several pages, duplicates).
 */

/** What the store's analysis hands the rules: the graph's arrays by node id, and whole findings by issue type. */
export interface StoreAnalysis {
  depth: Int32Array;
  inlinks: Int32Array;
  findings: ReadonlyMap<string, Finding[]>;
}

/** The issue types whose findings come from the store. */
export const STORE_CHECK_TYPES = [
  'orphan',
  'img-large',
  ...(Object.keys(STORE_DUPLICATE_CHECKS) as StoreDuplicateCheck[]),
];

/** Runs the cross-page checks over an audit's crawl store, once its last batch is written; `size`: its node count. */
export async function analyseCrawlStore(db: Db, auditId: string, size: number): Promise<StoreAnalysis> {
  await analyseStore(db);
  await storeInlinks(db, auditId);
  await storeClickDepths(db, auditId);
  const { depth, inlinks } = await readGraph(db, auditId, size);
  const findings = new Map<string, Finding[]>([
    ['orphan', await storeOrphans(db, auditId)],
    ['img-large', await storeLargeImages(db, auditId)],
  ]);
  for (const check of Object.keys(STORE_DUPLICATE_CHECKS) as StoreDuplicateCheck[]) {
    const found: Finding[] = [];
    await storeDuplicates(db, auditId, check, (finding) => {
      found.push(finding);
    });
    findings.set(check, found);
  }
  return { depth, inlinks, findings };
}
