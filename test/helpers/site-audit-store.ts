import type { Db } from '#db/index.ts';
import { STRING_KIND, writeCrawlBatch } from '#db/site-audit-records.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { URL_STATE } from '#db/site-audit-urls.ts';
import {
  storedEdgesOf,
  storedExternalLinksOf,
  storedRecordOf,
  storedUrlOf,
} from '#server/features/site-audit/record-codec.ts';
import type { Page } from '#server/features/site-audit/rules/context.ts';
import type { UrlNode } from '#server/features/site-audit/store.ts';

/** A seeded PRNG (mulberry32): the same crawls on every run, different ones per seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;

/** A record's fields the store's columns and edges read, as a page without any of them has them. */
export const BLANK_RECORD = {
  title: '',
  description: '',
  h1: [],
  noindex: false,
  canonical: { kind: 'none' },
  words: 0,
  textHash: '',
  links: [],
  images: [],
  hreflang: [],
  scripts: [],
  stylesheets: [],
  outlinks: new Int32Array(0),
} as const;

/**
 * Stores made-up crawl nodes as the crawl writer would, in one batch, in a new audit row: every URL
 * (answered ones done), the pages' records, their edges and links to other sites, and the strings they name.
 */
export async function storeNodes(
  db: Db,
  auditId: string,
  nodes: readonly UrlNode[],
  strings: { anchors?: readonly string[]; externals?: readonly string[] } = {},
): Promise<void> {
  await insertSiteAudit(db, {
    id: auditId,
    visitor: 'v',
    url: nodes[0]?.url ?? 'http://x/',
    createdAt: '2026-11-29T06:00:00Z',
  });
  const crawled = nodes.filter((each): each is Page => each.status > 0 && each.page !== null);
  await writeCrawlBatch(db, auditId, {
    urls: nodes.map((each) =>
      storedUrlOf(each, { state: each.status > 0 ? URL_STATE.done : URL_STATE.known, seq: each.id, depth: 0 }),
    ),
    records: crawled.map(storedRecordOf),
    edges: crawled.flatMap(storedEdgesOf),
    externalLinks: crawled.flatMap(storedExternalLinksOf),
    strings: [
      ...(strings.anchors ?? []).map((value, id) => ({ kind: STRING_KIND.anchor, id, value })),
      ...(strings.externals ?? []).map((value, id) => ({ kind: STRING_KIND.external, id, value })),
    ],
  });
}
