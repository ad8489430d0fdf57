import { expect, test } from 'vitest';
import { openDatabase } from './index.ts';
import {
  addSitemapVisitor,
  getSitemap,
  insertSitemap,
  listSitemaps,
  MAX_LISTED_SITEMAPS,
  pruneSitemaps,
  type NewSitemap,
} from './generated-sitemaps.ts';

function makeSitemap(n: number, overrides: Partial<NewSitemap> = {}): NewSitemap {
  return {
    id: `id${n}`,
    url: `https://site${n}.example/`,
    pages: n,
    sitemapPath: `/sitemaps/sitemap-site${n}.xml`,
    files: [`sitemap-site${n}.xml`],
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    report: { pages: n, skipped: [] },
    ...overrides,
  };
}

test('a stored sitemap comes back as the spec record plus its files and report', () => {
  const db = openDatabase(':memory:');
  const record = insertSitemap(db, makeSitemap(3, { files: ['a.xml', 'a-1.xml'], report: { stoppedBy: 'complete' } }));
  expect(record).toEqual({
    _id: 'id3',
    url: 'https://site3.example/',
    pages: 3,
    sitemapPath: '/sitemaps/sitemap-site3.xml',
    createdAt: '2026-01-01T00:00:03.000Z',
  });
  expect(getSitemap(db, 'id3')).toEqual({ ...record, files: ['a.xml', 'a-1.xml'], report: { stoppedBy: 'complete' } });
  expect(getSitemap(db, 'nope')).toBeUndefined();
});

test("listSitemaps is one visitor's, newest first and never longer than the bound", () => {
  const db = openDatabase(':memory:');
  for (let n = 1; n <= MAX_LISTED_SITEMAPS + 5; n += 1) {
    insertSitemap(db, makeSitemap(n));
    addSitemapVisitor(db, `id${n}`, 'alice');
  }
  const all = listSitemaps(db, 'alice');
  expect(all).toHaveLength(MAX_LISTED_SITEMAPS);
  expect(all[0]._id).toBe(`id${MAX_LISTED_SITEMAPS + 5}`);
  expect(all.map((record) => record.createdAt)).toEqual(
    all
      .map((record) => record.createdAt)
      .sort()
      .reverse(),
  );
  expect(listSitemaps(db, 'alice', 2).map((record) => record._id)).toEqual([
    `id${MAX_LISTED_SITEMAPS + 5}`,
    `id${MAX_LISTED_SITEMAPS + 4}`,
  ]);
  expect(listSitemaps(db, 'alice', 10_000)).toHaveLength(MAX_LISTED_SITEMAPS);
  expect(listSitemaps(db, 'bob')).toEqual([]);
});

test('a sitemap shared by two visitors is in both lists once; unknown ids are ignored', () => {
  const db = openDatabase(':memory:');
  insertSitemap(db, makeSitemap(1));
  insertSitemap(db, makeSitemap(2));
  addSitemapVisitor(db, 'id1', 'alice');
  addSitemapVisitor(db, 'id1', 'alice');
  addSitemapVisitor(db, 'id1', 'bob');
  addSitemapVisitor(db, 'id2', 'bob');
  addSitemapVisitor(db, 'gone', 'bob');
  expect(listSitemaps(db, 'alice').map((record) => record._id)).toEqual(['id1']);
  expect(listSitemaps(db, 'bob').map((record) => record._id)).toEqual(['id2', 'id1']);
});

test('pruneSitemaps keeps the newest records, drops their visitor rows and returns the files of the removed ones', () => {
  const db = openDatabase(':memory:');
  for (let n = 1; n <= 4; n += 1) {
    insertSitemap(db, makeSitemap(n));
    addSitemapVisitor(db, `id${n}`, 'alice');
  }
  expect(pruneSitemaps(db, 2).sort()).toEqual(['sitemap-site1.xml', 'sitemap-site2.xml']);
  expect(listSitemaps(db, 'alice').map((record) => record._id)).toEqual(['id4', 'id3']);
  expect(db.prepare('SELECT COUNT(*) AS n FROM sitemap_visitors').get()).toEqual({ n: 2 });
  expect(pruneSitemaps(db, 2)).toEqual([]);
});
