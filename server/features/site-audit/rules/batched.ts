import { ISSUE_TYPES } from '#views/model/site-audit.ts';
import type { PageRecord, UrlNode } from '../store.ts';
import { clickDepths, inlinkCounts, type GraphNode, type RuleContext, type RuleKind } from './context.ts';
import { evaluateRule, RULES, type IssueInstance, type RuleInput } from './index.ts';
import type { LinkIndex } from './link-refs.ts';

/*
 * The page and node rules over the crawl store in batches (decision 0059, "The checks with bounded
 * memory"; decision 0063): `batchSize` URLs at a time in id order, each batch a RuleContext whose `nodes`
 * is a sparse array of the batch, the start page, and what the batch's pages name (the nodes of their
 * links, images, scripts...; the records of their canonical, hreflang, pagination and #fragment targets,
 * which the rules read). The site rules compare pages across the site: they are not run here.
 */

/** Where the batches come from (stored-batches.ts reads the crawl store). */
export interface BatchReader {
  /** The URLs with ids above `afterId`, `limit` at most, in id order, each page with its record. */
  batch(afterId: number, limit: number): Promise<UrlNode[]>;
  /** These URLs (any order), with their pages' records when `records`, else with `page` null. */
  nodes(ids: readonly number[], records: boolean): Promise<UrlNode[]>;
  /** The start URL and the hops of its redirects, with their records. */
  starts(): Promise<UrlNode[]>;
}

/** What the batches share: the audit's facts, and click depth and inlinks as whole arrays (4 bytes a URL each). */
export interface BatchedInput extends Omit<RuleInput, 'nodes'> {
  depth: Int32Array;
  inlinks: Int32Array;
  batchSize: number;
}

/** The kinds run here: each URL, and each page with what it names. `audit` rules run once, with the first batch. */
export const BATCHED_KINDS: ReadonlySet<RuleKind> = new Set(['page', 'node']);

/** Site rules read the link index; run here, one would read a batch's links as the site's: it says so instead. */
const NO_LINK_INDEX: LinkIndex = {
  to: () => {
    throw new Error('the link index is for site rules, which the batches do not run');
  },
  count: () => {
    throw new Error('the link index is for site rules, which the batches do not run');
  },
};

/** The URLs a page names whose node a page rule reads (status, URL), and those whose record it reads too. */
function namedBy(page: PageRecord, nodes: Set<number>, records: Set<number>): void {
  const add = (set: Set<number>, id: number) => {
    if (id >= 0) set.add(id);
  };
  for (const list of [page.links, page.nofollowLinks, page.images, page.scripts, page.stylesheets])
    for (const id of list) add(nodes, id);
  for (let at = 0; at < page.outlinks.length; at += 2) add(nodes, page.outlinks[at]);
  if (page.canonicalHeader?.kind === 'internal') add(nodes, page.canonicalHeader.id);
  for (const id of page.render?.linksOnlyRenderedFirst ?? []) add(nodes, id);
  // Their records: canonical chains and targets, hreflang return links, pagination to noindex, #fragments.
  if (page.canonical.kind === 'internal') add(records, page.canonical.id);
  for (const entry of page.hreflang) add(records, entry.id);
  for (const ref of page.indexing.pagination) add(records, ref.id);
  for (let at = 0; at < page.fragmentLinks.length; at += 3) add(records, page.fragmentLinks[at]);
}

/** The batch's context: the batch, the start nodes, and what they name, read from the store. */
async function batchContext(
  reader: BatchReader,
  batch: UrlNode[],
  starts: readonly UrlNode[],
  base: Omit<RuleContext, 'nodes'>,
): Promise<RuleContext> {
  const nodes: UrlNode[] = [];
  const put = (node: UrlNode) => {
    nodes[node.id] ??= node;
  };
  batch.forEach(put);
  starts.forEach(put);
  const wanted = new Set<number>();
  const withRecords = new Set<number>();
  for (const node of batch) if (node.page) namedBy(node.page, wanted, withRecords);
  const missing = (ids: Iterable<number>) => [...ids].filter((id) => nodes[id] === undefined);
  const targets = await reader.nodes(missing(withRecords), true);
  targets.forEach(put);
  // A target's own canonical is named by the canonical-chain and hreflang-to-non-canonical details.
  for (const target of targets) if (target.page?.canonical.kind === 'internal') wanted.add(target.page.canonical.id);
  (await reader.nodes(missing(wanted), false)).forEach(put);
  // Redirects are followed to their end (chains, loops, where a broken one ends): a query per hop.
  const followed = new Set<number>();
  for (let hops = batch.map((node) => node.redirectTo); hops.length > 0;) {
    hops = hops.filter((id) => id >= 0 && !followed.has(id));
    (await reader.nodes(missing(new Set(hops)), false)).forEach(put);
    hops.forEach((id) => followed.add(id));
    hops = hops.map((id) => nodes[id]?.redirectTo ?? -1);
  }
  return { ...base, nodes, batch, starts };
}

/**
 * Each batch's findings of the page and node rules (and the audit rules, with the first batch), in
 * catalogue order then URL order within the batch. A URL is reported on by its own batch only.
 */
export async function* batchFindings(reader: BatchReader, input: BatchedInput): AsyncGenerator<IssueInstance[]> {
  const strings = input.strings ?? { anchors: [], externals: [] };
  const base: Omit<RuleContext, 'nodes'> = {
    hasSitemap: input.hasSitemap,
    sitemapFiles: input.sitemapFiles,
    robots: input.robots,
    depth: input.depth,
    inlinks: input.inlinks,
    linkIndex: NO_LINK_INDEX,
    strings,
    externalChecks: input.externalChecks ?? [],
  };
  const audit = ISSUE_TYPES.filter((type) => RULES[type.type]?.kind === 'audit');
  yield audit.flatMap((type) => evaluateRule(type, { ...base, nodes: [], batch: [], starts: [] }));
  const batched = ISSUE_TYPES.filter((type) => BATCHED_KINDS.has(RULES[type.type]?.kind));
  const starts = await reader.starts();
  for (let batch = await reader.batch(-1, input.batchSize); batch.length > 0;) {
    const context = await batchContext(reader, batch, starts, base);
    yield batched.flatMap((type) => evaluateRule(type, context));
    batch = await reader.batch(batch.at(-1)!.id, input.batchSize);
  }
}

const CATALOGUE_ORDER = new Map(ISSUE_TYPES.map((type, index) => [type.type, index]));

/** Every finding of the page, node and audit rules, ordered as `evaluateRules` orders them: catalogue, then URL. */
export async function evaluateRulesInBatches(reader: BatchReader, input: BatchedInput): Promise<IssueInstance[]> {
  const issues: IssueInstance[] = [];
  for await (const found of batchFindings(reader, input)) issues.push(...found);
  return issues.sort(
    (a, b) =>
      CATALOGUE_ORDER.get(a.type)! - CATALOGUE_ORDER.get(b.type)! || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0),
  );
}

/**
 * Click depth and inlinks of the stored crawl, for the batches: its links read a batch at a time, the
 * graph (each URL's links and redirect) kept in memory. For now: the site rules' SQL computes them next.
 */
export async function storedGraph(
  reader: BatchReader,
  batchSize: number,
): Promise<{ depth: Int32Array; inlinks: Int32Array }> {
  const graph: GraphNode[] = [];
  for (let batch = await reader.batch(-1, batchSize); batch.length > 0;) {
    for (const node of batch)
      graph[node.id] = {
        id: node.id,
        start: node.start,
        redirectTo: node.redirectTo,
        page: node.page ? { links: node.page.links } : null,
      };
    batch = await reader.batch(batch.at(-1)!.id, batchSize);
  }
  // Ids are dense (resume.ts drops a store with a gap); a gap here would be a URL never written: no links.
  for (let id = 0; id < graph.length; id += 1) graph[id] ??= { id, start: false, redirectTo: -1, page: null };
  return { depth: clickDepths(graph), inlinks: inlinkCounts(graph) };
}
