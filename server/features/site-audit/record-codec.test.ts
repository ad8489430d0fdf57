import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readRecords, writeCrawlBatch } from '#db/site-audit-records.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { readUrls, URL_STATE } from '#db/site-audit-urls.ts';
import type { Db } from '#db/index.ts';
import { EDGE_KIND } from '#db/site-audit-edges.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { plantedSite } from '#test/fixtures/site-audit-site.ts';
import { auditFixture, type AuditedFixture } from '#test/helpers/site-audit.ts';
import { decodeRecord, encodeRecord, nodeOf, storedEdgesOf, storedRecordOf, storedUrlOf } from './record-codec.ts';
import type { Page } from './rules/context.ts';
import type { PageRecord } from './store.ts';

// Real records: the planted site has a page for nearly every check, so nearly every field is set somewhere.
let outcome: AuditedFixture;
let pages: Page[];
beforeAll(async () => {
  const canary = await startLoopbackServer((_req, res) => res.end('canary'));
  try {
    outcome = await auditFixture(plantedSite({ canaryOrigin: canary.origin, onSlow: () => undefined }));
  } finally {
    await canary.close();
  }
  pages = outcome.nodes.filter((node): node is Page => node.page !== null);
});

test('every field of every page record comes back from its JSON, typed arrays as the same typed arrays', () => {
  expect(pages.length).toBeGreaterThan(50);
  for (const { page } of pages) expect(decodeRecord(encodeRecord(page))).toStrictEqual(page);
  const withLinks = pages.find((node) => node.page.outlinks.length > 0)!.page;
  const decoded = decodeRecord(encodeRecord(withLinks));
  expect(decoded.outlinks).toBeInstanceOf(Int32Array);
  expect(decoded.minhash).toBeInstanceOf(Uint32Array);
  expect(decoded.fragmentIds).toBeInstanceOf(Uint32Array);
});

test('fields the record does not know yet (plain data) go through as they are', () => {
  const page = pages[0].page;
  const extended = {
    ...page,
    pageExperience: { lcpMs: 2380, cls: 0.12, tbtMs: null, axeRules: ['image-alt', 'label'] },
    uncrawlableLinks: { count: 3, first: ['javascript:void(0)'] },
  } as PageRecord;
  expect(decodeRecord(encodeRecord(extended))).toStrictEqual(extended);
  // Typed arrays inside lists and nested objects come back; look-alikes that are not ours stay plain data, and a
  // key named "__proto__" stays an own key.
  const nested = JSON.parse('{"__proto__": null, "fake": {"$typed": "toString", "b64": "AQI="}, "n": 1}') as Record<
    string,
    unknown
  >;
  Object.defineProperty(nested, '__proto__', { value: new Uint8Array([1, 2]), enumerable: true, writable: true });
  const odd = { ...page, extra: { lists: [[new Int32Array([-1, 7])], new Float64Array([0.5])], nested } } as PageRecord;
  const back = decodeRecord(encodeRecord(odd)) as PageRecord & { extra: { nested: Record<string, unknown> } };
  expect(back).toStrictEqual(odd);
  expect(Object.getPrototypeOf(back.extra.nested)).toBe(Object.prototype);
  expect(Object.hasOwn(back.extra.nested, '__proto__')).toBe(true);
  expect(back.extra.nested['__proto__']).toStrictEqual(new Uint8Array([1, 2]));
  expect(back.extra.nested.fake).toEqual({ $typed: 'toString', b64: 'AQI=' });
  // A subarray (a view into a larger buffer) keeps only its own values.
  const view = { ...page, minhash: new Uint32Array([1, 2, 3, 4]).subarray(1, 3) } as PageRecord;
  expect(decodeRecord(encodeRecord(view)).minhash).toStrictEqual(new Uint32Array([2, 3]));
});

test('the columns beside the record are the values the cross-page checks compare', () => {
  const rows = pages.map(storedRecordOf);
  for (const row of rows) {
    const node = pages.find((page) => page.id === row.id)!;
    expect(row.title).toBe(node.page.title || null);
    expect(row.h1).toBe(node.page.h1.find(Boolean) ?? null);
  }
  // The planted site names other pages as canonical, and has noindex pages: neither is indexable.
  expect(rows.filter((row) => row.canonicalId !== null).length).toBeGreaterThan(0);
  expect(rows.filter((row) => row.noindex).every((row) => !row.indexable)).toBe(true);
  expect(rows.filter((row) => row.canonicalId !== null).every((row) => !row.indexable)).toBe(true);
});

test('a page’s edges are its distinct internal links, images, hreflang alternates (other pages), and scripts and stylesheets of any site', () => {
  const node = {
    ...pages[0],
    id: 1,
    page: {
      ...pages[0].page,
      links: [2, 3],
      images: [4, 4, 3],
      hreflang: [
        { lang: 'en', id: 1 },
        { lang: 'de', id: 5 },
        { lang: 'fr', id: -1 },
      ],
      scripts: [6, -2],
      stylesheets: [-1, 7],
    },
  };
  expect(storedEdgesOf(node)).toEqual([
    { kind: EDGE_KIND.link, source: 1, target: 2 },
    { kind: EDGE_KIND.link, source: 1, target: 3 },
    { kind: EDGE_KIND.image, source: 1, target: 4 },
    { kind: EDGE_KIND.image, source: 1, target: 3 },
    { kind: EDGE_KIND.hreflang, source: 1, target: 5 },
    { kind: EDGE_KIND.script, source: 1, target: 6 },
    { kind: EDGE_KIND.script, source: 1, target: -2 },
    { kind: EDGE_KIND.stylesheet, source: 1, target: -1 },
    { kind: EDGE_KIND.stylesheet, source: 1, target: 7 },
  ]);
});

describe.each(DIALECTS)('on %s', (dialect) => {
  let db: Db;
  afterAll(async () => closeTestDatabase(db));

  test('every URL of the audit and every page record is stored and read back whole', async () => {
    db = await openTestDatabase(dialect);
    await insertSiteAudit(db, { id: 'a', visitor: 'v', url: outcome.startUrl, createdAt: '2026-11-29T06:00:00Z' });
    const urls = outcome.nodes.map((node) => storedUrlOf(node, { state: URL_STATE.done, seq: node.id, depth: 0 }));
    await writeCrawlBatch(db, 'a', { urls, records: pages.map(storedRecordOf) });
    const storedUrls = await readUrls(db, 'a', { afterId: -1, limit: 10_000 });
    const records = new Map(
      (await readRecords(db, 'a', { afterId: -1, limit: 10_000 })).map((row) => [row.id, decodeRecord(row.record)]),
    );
    const nodes = storedUrls.map((url) => nodeOf(url, records.get(url.id) ?? null));
    expect(nodes).toStrictEqual(outcome.nodes);
  });
});
