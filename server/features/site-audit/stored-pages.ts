import type { Db } from '#db/index.ts';
import { insertPageRows, loaderCounts, openIssueTypes, type IssueTypesReader } from '#db/site-audit-streamed.ts';
import { ISSUE_TYPES } from '#views/model/site-audit.ts';
import type { PageExperienceSummary } from '#views/model/page-experience-report.ts';
import { isListed, listedRow } from './report.ts';
import { experienceSummaries } from './rules/page-experience.ts';
import { storedBatchReader } from './stored-batches.ts';
import { isResource, type UrlNode } from './store.ts';

/*
 * The report's pages and resources lists written from the crawl store (decision 0065): a stored batch at
 * a time in id order, as `pageRows` lists the nodes, each row's issue types read back from the issues
 * table the analysis wrote; memory holds one batch and the URLs it names.
 */

const CATALOGUE_ORDER = new Map(ISSUE_TYPES.map((type, index) => [type.type, index]));

/** The issue types of each URL, in catalogue order (the order `pageRows` lists them). */
async function issuesByUrl(issueTypes: IssueTypesReader, listed: readonly UrlNode[]): Promise<Map<string, string[]>> {
  const byUrl = await issueTypes.typesOf(listed);
  for (const list of byUrl.values()) list.sort((a, b) => CATALOGUE_ORDER.get(a)! - CATALOGUE_ORDER.get(b)!);
  return byUrl;
}

/** The URLs a batch's rows name by id (redirect targets, internal canonicals): the batch's own, or read. */
async function namedUrls(
  reader: ReturnType<typeof storedBatchReader>,
  batch: readonly UrlNode[],
): Promise<Map<number, string>> {
  const urls = new Map(batch.map((node) => [node.id, node.url]));
  const wanted = new Set<number>();
  for (const node of batch) {
    if (node.redirectTo >= 0) wanted.add(node.redirectTo);
    if (node.page?.canonical.kind === 'internal') wanted.add(node.page.canonical.id);
  }
  const missing = [...wanted].filter((id) => !urls.has(id));
  for (const node of await reader.nodes(missing, false)) urls.set(node.id, node.url);
  return urls;
}

/** Writes the listed URLs' rows from the store, `batchSize` URLs at a time; stops when `aborted()`. */
export async function writeStoredPages(
  db: Db,
  auditId: string,
  graph: { depth: Int32Array; inlinks: Int32Array },
  pace: { batchSize: number; breathe: () => Promise<void>; aborted: () => boolean },
): Promise<void> {
  const reader = storedBatchReader(db, auditId);
  const issueTypes = await openIssueTypes(db, auditId);
  try {
    let n = 0;
    for (let batch = await reader.batch(-1, pace.batchSize); batch.length > 0 && !pace.aborted();) {
      const listed = batch.filter(isListed);
      const urls = await namedUrls(reader, listed);
      const look = { urlOf: (id: number) => urls.get(id)!, ...graph };
      const issues = await issuesByUrl(issueTypes, listed);
      const loadedBy = await loaderCounts(
        db,
        auditId,
        listed.filter(isResource).map((node) => node.id),
      );
      const rows = listed.map((node) => listedRow(look, node, issues.get(node.url) ?? [], loadedBy.get(node.id) ?? 0));
      await insertPageRows(db, auditId, n, rows);
      n += rows.length;
      await pace.breathe();
      batch = await reader.batch(batch.at(-1)!.id, pace.batchSize);
    }
  } finally {
    await issueTypes.close();
  }
}

/** The rendered pages' summaries for the report's "Page experience" section, read from the store a batch at a time. */
export async function storedExperienceSummaries(
  db: Db,
  auditId: string,
  batchSize: number,
): Promise<PageExperienceSummary[]> {
  const reader = storedBatchReader(db, auditId);
  const summaries: PageExperienceSummary[] = [];
  for (
    let batch = await reader.batch(-1, batchSize);
    batch.length > 0;
    batch = await reader.batch(batch.at(-1)!.id, batchSize)
  )
    summaries.push(...experienceSummaries(batch));
  return summaries;
}
