import type { RobotsPolicy } from '#server/lib/crawler/robots.ts';
import type { ExternalCheck } from '../external-links.ts';
import type { SitemapFile } from '../sitemaps.ts';
import type { PageRecord, UrlNode } from '../store.ts';
import { MAX_REDIRECT_HOPS } from '../thresholds.ts';
import type { LinkIndex, LinkRef, LinkStrings } from './link-refs.ts';

export interface Finding {
  url: string;
  detail: string;
  /** For link issues: the links involved (source → target → anchor → position), capped. */
  links?: LinkRef[];
}

/** Everything the rules read: the crawl's nodes plus what is derived from the whole graph. */
export interface RuleContext {
  nodes: readonly UrlNode[];
  hasSitemap: boolean;
  sitemapFiles: readonly SitemapFile[];
  /** Click depth from the start URL (links count 1, redirects 0); -1 when not reachable. */
  depth: Int32Array;
  /** How many crawled pages link to each node (self-links excluded). */
  inlinks: Int32Array;
  /** The site's robots.txt as the crawl read it (absent when the caller did not say). */
  robots?: RobotsState;
  /** Every link by target, with anchor text and position (built once per audit). */
  linkIndex: LinkIndex;
  /** Anchor texts and external (other-site) link targets behind `outlinks`: `linkIndex.to(-1 - index)`. */
  strings: LinkStrings;
  /** Answers of the external URLs (by index in `strings.externals`); undefined where not checked. */
  externalChecks: ReadonlyArray<ExternalCheck | undefined>;
  /**
   * A batch of the store's URLs (rules/batched.ts), in id order: what the page and node rules report on.
   * `nodes` then holds only the batch and what it names. Absent: every node is reported on.
   */
  batch?: readonly UrlNode[];
  /** With a batch: the start URL's nodes (and its page's record), wherever their ids fall. */
  starts?: readonly UrlNode[];
}

/** What the crawl knows of the audited site's robots.txt (its final origin's, after a start redirect). */
export interface RobotsState {
  url: string;
  policy: Pick<RobotsPolicy, 'source' | 'status' | 'error' | 'problems'>;
}

export type Page = UrlNode & { page: PageRecord };

/**
 * What a rule reads (decision 0059, "The checks with bounded memory"), so that it runs with bounded memory:
 * - `page`: each page on its own, with the nodes (status, URL) and records of the URLs it names, and the
 *   whole-audit arrays `depth` and `inlinks`: run over the store's pages in batches (rules/batched.ts).
 * - `node`: each URL on its own (with the URLs its redirects lead to, and `depth`/`inlinks`): in batches too.
 * - `site`: compares or counts pages across the site (duplicates, "shown on N pages", a link index, the
 *   references to a URL from every page): SQL or a sorted stream over the store.
 * - `audit`: reads only the audit's own facts (robots.txt, the sitemap files), never a page: run once.
 */
export type RuleKind = 'page' | 'node' | 'site' | 'audit';

export type RuleFunction = (context: RuleContext) => Finding[];
export type Rule = RuleFunction & { readonly kind: RuleKind };

const ruleOf =
  (kind: RuleKind) =>
  (run: RuleFunction): Rule =>
    Object.assign((context: RuleContext) => run(context), { kind });

export const pageRule = ruleOf('page');
export const nodeRule = ruleOf('node');
export const siteRule = ruleOf('site');
export const auditRule = ruleOf('audit');

/** The URLs a rule reports on: the batch's, or every node. */
export function urls(context: RuleContext): readonly UrlNode[] {
  return context.batch ?? context.nodes;
}

/** The pages a rule reports on (URLs read as HTML pages), in id order. */
export function pages(context: RuleContext): Page[] {
  return urls(context).filter((node): node is Page => node.page !== null);
}

/** The start page (the first start node read as a page), wherever the batch is. */
export function startPage(context: RuleContext): Page | undefined {
  return (context.starts ?? urls(context)).find((node): node is Page => node.start && node.page !== null);
}

/** A page that asks to be indexed under its own URL: not noindex, canonical absent or itself. */
export function isIndexable(node: Page): boolean {
  const canonical = node.page.canonical;
  if (node.page.noindex) return false;
  if (canonical.kind === 'internal') return canonical.id === node.id;
  return canonical.kind !== 'external';
}

export function describeStatus(node: Pick<UrlNode, 'status' | 'error'>): string {
  if (node.status) return `HTTP ${node.status}`;
  return node.error ?? 'not fetched';
}

export const isRedirect = (node: Pick<UrlNode, 'status'>) => node.status >= 300 && node.status < 400;
export const isError = (node: Pick<UrlNode, 'status'>) => node.status >= 400 && node.status < 600;

/** Up to `max` items joined for a detail line, with a count of the rest. */
export function listDetail(items: string[], max = 5): string {
  return listDetailOf(items, items.length, max);
}

/** `listDetail` of a list known by its first items and its length (all a check over the store holds of it). */
export function listDetailOf(first: readonly string[], count: number, max = 5): string {
  const shown = first.slice(0, max).join(', ');
  return count > max ? `${shown} and ${count - max} more` : shown;
}

export interface RedirectPath {
  hops: number;
  loop: boolean;
  /** The node the redirects end at (internal), or null when they leave the site or stop. */
  final: UrlNode | null;
}

/** Follows a redirecting node's recorded redirects. */
export function followRedirects(nodes: readonly UrlNode[], start: UrlNode): RedirectPath {
  const seen = new Set<number>([start.id]);
  let current = start;
  let hops = 0;
  while (isRedirect(current) && hops < MAX_REDIRECT_HOPS) {
    hops += 1;
    if (current.redirectTo < 0) return { hops, loop: false, final: null };
    if (seen.has(current.redirectTo)) return { hops, loop: true, final: null };
    seen.add(current.redirectTo);
    current = nodes[current.redirectTo];
  }
  return { hops, loop: false, final: current };
}

/** What click depth and inlinks read of a node: a node, or its links alone (the batched analysis's graph). */
export type GraphNode = Pick<UrlNode, 'id' | 'start' | 'redirectTo'> & { page: { links: readonly number[] } | null };

/** Click depth by 0-1 breadth-first search: a link is one click, a redirect none. */
export function clickDepths(nodes: readonly GraphNode[]): Int32Array {
  const depth = new Int32Array(nodes.length).fill(-1);
  const deque: number[] = [];
  let head = 0;
  for (const node of nodes) {
    if (node.start) {
      depth[node.id] = 0;
      deque.push(node.id);
    }
  }
  // A plain queue works for 0-1 weights when zero-weight edges are relaxed immediately (depth-first along redirects).
  const relax = (id: number, value: number) => {
    if (depth[id] !== -1 && depth[id] <= value) return false;
    depth[id] = value;
    return true;
  };
  while (head < deque.length) {
    const id = deque[head++];
    let node = nodes[id];
    const value = depth[id];
    // Walk the redirect chain at the same depth.
    for (let hops = 0; node.redirectTo >= 0 && hops < MAX_REDIRECT_HOPS; hops += 1) {
      if (!relax(node.redirectTo, value)) break;
      deque.push(node.redirectTo);
      node = nodes[node.redirectTo];
    }
    const page = nodes[id].page;
    if (!page) continue;
    for (const target of page.links) if (relax(target, value + 1)) deque.push(target);
  }
  return depth;
}

export function inlinkCounts(nodes: readonly GraphNode[]): Int32Array {
  const counts = new Int32Array(nodes.length);
  for (const node of nodes) for (const target of node.page?.links ?? []) counts[target] += 1;
  return counts;
}

/** The detail of a page in a group of `size` sharing one value, naming `named` (the first three others). */
export function sameAsDetail(label: string, named: readonly string[], size: number): string {
  const more = size - 1 - named.length;
  return `same ${label} as ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** Pages sharing one value (title, description...): every page of a group of two or more. */
export function duplicatesBy(list: Page[], key: (node: Page) => string | null | undefined, label: string): Finding[] {
  const groups = new Map<string, Page[]>();
  for (const node of list) {
    const value = key(node);
    if (!value) continue;
    const group = groups.get(value);
    if (group) group.push(node);
    else groups.set(value, [node]);
  }
  const findings: Finding[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // Only the first three others are named: building each page's whole list cost n² (1.2 s for
    // 5,000 pages with one title, on the event loop that serves pages).
    for (const node of group) {
      const named = group
        .slice(0, 4)
        .filter((other) => other !== node)
        .slice(0, 3)
        .map((other) => other.url);
      findings.push({ url: node.url, detail: sameAsDetail(label, named, group.length) });
    }
  }
  return findings;
}
