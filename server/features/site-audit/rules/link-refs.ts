import type { LinkPosition } from '#server/lib/page-facts/facts.ts';
import { LINK_POSITIONS, type UrlNode } from '../store.ts';

/** One link as a site owner finds it: on which page, to where, with what text, in which part of the page. */
export interface LinkRef {
  source: string;
  target: string;
  anchor: string;
  position: LinkPosition;
}

/** Where the strings behind `PageRecord.outlinks` live (the URL store). */
export interface LinkStrings {
  anchors: readonly string[];
  externals: readonly string[];
}

/** Links kept per finding: enough to find the template or the page to edit; the count says the rest. */
export const MAX_LINK_REFS = 50;

/**
 * Every link to each target, by target: built once per audit from the pages' `outlinks`, as
 * flat arrays (compressed rows), so 20,000 pages of 60 links cost a few megabytes.
 */
export interface LinkIndex {
  /** Links to an internal node (by id) or an external URL (by its index in `externals`). */
  to(target: number): LinkRef[];
  /** How many links point at the target (all of them, not only those `to` returns). */
  count(target: number): number;
}

export function buildLinkIndex(nodes: readonly UrlNode[], strings: LinkStrings, maxRefs = MAX_LINK_REFS): LinkIndex {
  // Targets: internal ids 0..n-1, externals n..n+e-1.
  const slots = nodes.length + strings.externals.length;
  const slotOf = (target: number) => (target >= 0 ? target : nodes.length + (-1 - target));
  const counts = new Int32Array(slots + 1);
  for (const node of nodes) {
    const cells = node.page?.outlinks;
    if (!cells) continue;
    for (let at = 0; at < cells.length; at += 2) counts[slotOf(cells[at]) + 1] += 1;
  }
  for (let slot = 0; slot < slots; slot += 1) counts[slot + 1] += counts[slot];
  const sources = new Int32Array(counts[slots]);
  const anchorCells = new Int32Array(counts[slots]);
  const fill = counts.slice(0, slots);
  for (const node of nodes) {
    const cells = node.page?.outlinks;
    if (!cells) continue;
    for (let at = 0; at < cells.length; at += 2) {
      const slot = slotOf(cells[at]);
      sources[fill[slot]] = node.id;
      anchorCells[fill[slot]] = cells[at + 1];
      fill[slot] += 1;
    }
  }
  const targetUrl = (target: number) => (target >= 0 ? nodes[target].url : strings.externals[-1 - target]);
  return {
    to(target) {
      const slot = slotOf(target);
      const refs: LinkRef[] = [];
      const url = targetUrl(target);
      for (let at = counts[slot]; at < counts[slot + 1] && refs.length < maxRefs; at += 1) {
        const cell = anchorCells[at];
        refs.push({
          source: nodes[sources[at]].url,
          target: url,
          anchor: strings.anchors[cell >> 2],
          position: LINK_POSITIONS[cell & 3],
        });
      }
      return refs;
    },
    count(target) {
      const slot = slotOf(target);
      return counts[slot + 1] - counts[slot];
    },
  };
}

/** The links of one page whose target passes `test` (internal id ≥ 0, external -1 - index), capped. */
export function linksFrom(
  node: UrlNode,
  nodes: readonly UrlNode[],
  strings: LinkStrings,
  test: (target: number) => boolean,
  maxRefs = MAX_LINK_REFS,
): LinkRef[] {
  const refs: LinkRef[] = [];
  const cells = node.page?.outlinks;
  if (!cells) return refs;
  for (let at = 0; at < cells.length && refs.length < maxRefs; at += 2) {
    const target = cells[at];
    if (!test(target)) continue;
    const cell = cells[at + 1];
    refs.push({
      source: node.url,
      target: target >= 0 ? nodes[target].url : strings.externals[-1 - target],
      anchor: strings.anchors[cell >> 2],
      position: LINK_POSITIONS[cell & 3],
    });
  }
  return refs;
}
