import { describe, expect, test } from 'vitest';
import { DIALECTS, freshDatabases } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import {
  addSitemapVisitor,
  getSitemap,
  getSitemapFile,
  insertSitemap,
  listSitemaps,
  MAX_LISTED_SITEMAPS,
  pruneSitemaps,
  type NewSitemap,
} from './generated-sitemaps.ts';

const xml = (name: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${name} -->\n`;

function makeSitemap(n: number, overrides: Partial<NewSitemap> = {}): NewSitemap {
  return {
    id: `id${n}`,
    url: `https://site${n}.example/`,
    pages: n,
    sitemapPath: `/sitemaps/sitemap-site${n}.xml`,
    files: [{ name: `sitemap-site${n}.xml`, content: xml(`site${n}`) }],
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    report: { pages: n, skipped: [] },
    ...overrides,
  };
}

const count = async (db: Db, table: 'sitemap_visitors' | 'sitemap_files') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DIALECTS)('%s', (dialect) => {
  const freshDb = freshDatabases(dialect);

  test('a stored sitemap comes back as the spec record plus its file names and report, and each file by its name', async () => {
    const db = await freshDb();
    const files = [
      { name: 'a.xml', content: xml('index') },
      { name: 'a-1.xml', content: xml('part 1 é🙂') },
    ];
    const record = await insertSitemap(db, makeSitemap(3, { files, report: { stoppedBy: 'complete' } }));
    expect(record).toEqual({
      _id: 'id3',
      url: 'https://site3.example/',
      pages: 3,
      sitemapPath: '/sitemaps/sitemap-site3.xml',
      createdAt: '2026-01-01T00:00:03.000Z',
    });
    expect(await getSitemap(db, 'id3')).toEqual({
      ...record,
      files: ['a.xml', 'a-1.xml'],
      report: { stoppedBy: 'complete' },
    });
    expect(await getSitemap(db, 'nope')).toBeUndefined();
    expect(await getSitemapFile(db, 'a-1.xml')).toEqual({
      content: xml('part 1 é🙂'),
      createdAt: '2026-01-01T00:00:03.000Z',
    });
    expect(await getSitemapFile(db, 'b.xml')).toBeUndefined();
  });

  test('a file name belongs to one sitemap: a second with the same name is refused and stores nothing', async () => {
    const db = await freshDb();
    await insertSitemap(db, makeSitemap(1, { files: [{ name: 'same.xml', content: xml('1') }] }));
    await expect(
      insertSitemap(db, makeSitemap(2, { files: [{ name: 'same.xml', content: xml('2') }] })),
    ).rejects.toThrow();
    expect(await getSitemap(db, 'id2')).toBeUndefined();
    expect(await getSitemapFile(db, 'same.xml')).toMatchObject({ content: xml('1') });
  });

  test("listSitemaps is one visitor's, newest first and never longer than the bound", async () => {
    const db = await freshDb();
    for (let n = 1; n <= MAX_LISTED_SITEMAPS + 5; n += 1) {
      await insertSitemap(db, makeSitemap(n));
      await addSitemapVisitor(db, `id${n}`, 'alice');
    }
    const all = await listSitemaps(db, 'alice');
    expect(all).toHaveLength(MAX_LISTED_SITEMAPS);
    expect(all[0]._id).toBe(`id${MAX_LISTED_SITEMAPS + 5}`);
    expect(all.map((record) => record.createdAt)).toEqual(
      all
        .map((record) => record.createdAt)
        .sort()
        .reverse(),
    );
    expect((await listSitemaps(db, 'alice', 2)).map((record) => record._id)).toEqual([
      `id${MAX_LISTED_SITEMAPS + 5}`,
      `id${MAX_LISTED_SITEMAPS + 4}`,
    ]);
    expect(await listSitemaps(db, 'alice', 10_000)).toHaveLength(MAX_LISTED_SITEMAPS);
    expect(await listSitemaps(db, 'bob')).toEqual([]);
  });

  test('a sitemap shared by two visitors is in both lists once; unknown ids are ignored', async () => {
    const db = await freshDb();
    await insertSitemap(db, makeSitemap(1));
    await insertSitemap(db, makeSitemap(2));
    await addSitemapVisitor(db, 'id1', 'alice');
    await addSitemapVisitor(db, 'id1', 'alice');
    await addSitemapVisitor(db, 'id1', 'bob');
    await addSitemapVisitor(db, 'id2', 'bob');
    await addSitemapVisitor(db, 'gone', 'bob');
    expect((await listSitemaps(db, 'alice')).map((record) => record._id)).toEqual(['id1']);
    expect((await listSitemaps(db, 'bob')).map((record) => record._id)).toEqual(['id2', 'id1']);
    expect(await count(db, 'sitemap_visitors')).toBe(3);
  });

  test('a sitemap stored with its first visitor is in their list at once; adding them again changes nothing', async () => {
    const db = await freshDb();
    await insertSitemap(db, makeSitemap(1, { visitors: ['alice', 'alice'] }));
    expect((await listSitemaps(db, 'alice')).map((record) => record._id)).toEqual(['id1']);
    await addSitemapVisitor(db, 'id1', 'alice');
    expect(await count(db, 'sitemap_visitors')).toBe(1);
    // The visitor rows go in the sitemap's transaction: a refused sitemap leaves none.
    await expect(
      insertSitemap(db, makeSitemap(2, { files: makeSitemap(1).files, visitors: ['bob'] })),
    ).rejects.toThrow();
    expect(await listSitemaps(db, 'bob')).toEqual([]);
  });

  test('pruneSitemaps keeps the newest records and drops the visitor rows and files of the removed ones', async () => {
    const db = await freshDb();
    for (let n = 1; n <= 4; n += 1) {
      await insertSitemap(db, makeSitemap(n));
      await addSitemapVisitor(db, `id${n}`, 'alice');
    }
    expect(await pruneSitemaps(db, 2)).toBe(2);
    expect((await listSitemaps(db, 'alice')).map((record) => record._id)).toEqual(['id4', 'id3']);
    expect(await count(db, 'sitemap_visitors')).toBe(2);
    expect(await count(db, 'sitemap_files')).toBe(2);
    expect(await getSitemapFile(db, 'sitemap-site1.xml')).toBeUndefined();
    expect(await getSitemapFile(db, 'sitemap-site4.xml')).toMatchObject({ content: xml('site4') });
    expect(await pruneSitemaps(db, 2)).toBe(0);
  });

  test('a sitemap made before its files were stored (no file rows) is still listed and pruned; its download is not found', async () => {
    const db = await freshDb();
    await insertSitemap(db, makeSitemap(1, { files: [] }));
    await db
      .updateTable('sitemaps')
      .set({ files: JSON.stringify(['sitemap-site1.xml']) })
      .where('id', '=', 'id1')
      .execute();
    await addSitemapVisitor(db, 'id1', 'alice');
    expect((await listSitemaps(db, 'alice')).map((record) => record._id)).toEqual(['id1']);
    expect(await getSitemapFile(db, 'sitemap-site1.xml')).toBeUndefined();
    expect(await pruneSitemaps(db, 0)).toBe(1);
  });
});
