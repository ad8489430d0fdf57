import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { assertValidSitemapFiles, sitemapSchemaErrors } from '#test/helpers/sitemap-schema.ts';
import { parseSitemapXml } from '#test/helpers/sitemap-xml.ts';
import { writeSitemap } from './write.ts';
import { encodeLoc, escapeXml, MAX_BYTES_PER_FILE, SITEMAP_NS, type SitemapEntry } from './xml.ts';

async function inTempDir<T>(run: (dir: string) => Promise<T>, options: { schemaValid?: boolean } = {}): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sitemap-write-'));
  try {
    const result = await run(dir);
    // Every file written (parts and index included) must pass the sitemaps.org schema.
    if (options.schemaValid !== false) await assertValidSitemapFiles(dir);
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const publicUrl = (name: string) => `https://tools.example/sitemaps/${name}`;
const entries = (count: number, pad = ''): SitemapEntry[] =>
  Array.from({ length: count }, (_, i) => ({ url: `https://site.example/p/${i}${pad}` }));

test('a small site becomes one valid urlset with escaped locs and lastmod', async () => {
  await inTempDir(async (dir) => {
    const written = await writeSitemap({
      dir,
      fileName: 'sitemap.xml',
      publicUrl,
      entries: [
        { url: "https://site.example/search?a=1&b=<2>&c='3'", lastmod: '2024-01-02T03:04:05+00:00' },
        { url: 'https://site.example/caf%C3%A9' },
      ],
    });
    expect(written).toMatchObject({
      mainFile: 'sitemap.xml',
      files: ['sitemap.xml'],
      isIndex: false,
      urls: 2,
      rejected: [],
    });
    const xml = await readFile(join(dir, 'sitemap.xml'), 'utf8');
    expect(xml).toContain('<loc>https://site.example/search?a=1&amp;b=%3C2%3E&amp;c=&apos;3&apos;</loc>');
    expect(parseSitemapXml(xml)).toEqual({
      kind: 'urlset',
      namespace: SITEMAP_NS,
      entries: [
        { loc: "https://site.example/search?a=1&b=%3C2%3E&c='3'", lastmod: '2024-01-02T03:04:05+00:00' },
        { loc: 'https://site.example/caf%C3%A9' },
      ],
    });
  });
});

test('a loc of 2,048 characters is written and a longer one is rejected, not truncated', async () => {
  await inTempDir(async (dir) => {
    const base = 'https://site.example/';
    const exact = base + 'a'.repeat(2048 - base.length);
    const tooLong = exact + 'b';
    const written = await writeSitemap({
      dir,
      fileName: 's.xml',
      publicUrl,
      entries: [{ url: exact }, { url: tooLong }],
    });
    expect(written.urls).toBe(1);
    expect(written.rejected).toEqual([{ url: tooLong }]);
    expect(parseSitemapXml(await readFile(join(dir, 's.xml'), 'utf8')).entries).toEqual([{ loc: exact }]);
  });
});

test('no pages gives a well-formed empty urlset, which the sitemaps.org schema rejects (it asks for one <url>)', async () => {
  await inTempDir(
    async (dir) => {
      await writeSitemap({ dir, fileName: 's.xml', publicUrl, entries: [] });
      const xml = await readFile(join(dir, 's.xml'), 'utf8');
      expect(xml).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n</urlset>\n`);
      // The generator never hands this out: a crawl that lists no page answers 422 saying why (its router test).
      expect(sitemapSchemaErrors(xml)).toEqual([expect.stringContaining("urlset': Missing child element(s).")]);
    },
    { schemaValid: false },
  );
});

test('characters a URI may not carry are percent-encoded in <loc>, existing escapes kept, and the file passes the schema', async () => {
  await inTempDir(async (dir) => {
    const url = 'https://example.com/p?filter[color]=red&x={a}|b^c';
    await writeSitemap({
      dir,
      fileName: 's.xml',
      publicUrl,
      entries: [{ url }, { url: 'https://example.com/caf%C3%A9 é/100%' }],
    });
    const xml = await readFile(join(dir, 's.xml'), 'utf8');
    expect(sitemapSchemaErrors(xml)).toEqual([]);
    expect(parseSitemapXml(xml).entries).toEqual([
      { loc: 'https://example.com/p?filter%5Bcolor%5D=red&x=%7Ba%7D%7Cb%5Ec' },
      { loc: 'https://example.com/caf%C3%A9%20%C3%A9/100%25' },
    ]);
  });
});

test('encodeLoc leaves a valid URI as it is and keeps the brackets of an IPv6 host', () => {
  expect(encodeLoc("https://site.example/a-b_c.d~e/!$&'()*+,;=:@/?q=1#top")).toBe(
    "https://site.example/a-b_c.d~e/!$&'()*+,;=:@/?q=1#top",
  );
  expect(encodeLoc('http://[::1]:8080/x[1]#a#b')).toBe('http://[::1]:8080/x%5B1%5D#a%23b');
  expect(encodeLoc('https://site.example/%7e%zz%')).toBe('https://site.example/%7e%25zz%25');
});

test('more than 50,000 URLs become numbered parts and a sitemap index with absolute locations', async () => {
  await inTempDir(async (dir) => {
    const all = entries(120_001);
    const written = await writeSitemap({ dir, fileName: 'sitemap-site.example.xml', publicUrl, entries: all });
    expect(written).toMatchObject({
      isIndex: true,
      urls: 120_001,
      files: [
        'sitemap-site.example.xml',
        'sitemap-site.example-1.xml',
        'sitemap-site.example-2.xml',
        'sitemap-site.example-3.xml',
      ],
    });
    const index = parseSitemapXml(await readFile(join(dir, 'sitemap-site.example.xml'), 'utf8'));
    expect(index.kind).toBe('sitemapindex');
    expect(index.entries.map((entry) => entry.loc)).toEqual(
      [1, 2, 3].map((n) => publicUrl(`sitemap-site.example-${n}.xml`)),
    );
    const counts = [];
    const locs: string[] = [];
    for (const n of [1, 2, 3]) {
      const part = parseSitemapXml(await readFile(join(dir, `sitemap-site.example-${n}.xml`), 'utf8'));
      counts.push(part.entries.length);
      for (const entry of part.entries) locs.push(entry.loc);
    }
    expect(counts).toEqual([50_000, 50_000, 20_001]);
    expect(locs).toEqual(all.map((entry) => entry.url));
    expect((await readdir(dir)).sort()).toEqual(written.files.slice().sort());
  });
});

test('a urlset never passes 50 MB: long URLs split by bytes before the 50,000 count', async () => {
  await inTempDir(async (dir) => {
    const long = entries(26_000, `/${'x'.repeat(1990)}`);
    const written = await writeSitemap({ dir, fileName: 'big.xml', publicUrl, entries: long });
    expect(written.isIndex).toBe(true);
    expect(written.files).toHaveLength(3);
    for (const name of written.files.slice(1))
      expect((await stat(join(dir, name))).size).toBeLessThanOrEqual(MAX_BYTES_PER_FILE);
    expect((await stat(join(dir, 'big-1.xml'))).size).toBeGreaterThan(MAX_BYTES_PER_FILE - 3000);
  });
});

test('custom limits split by count and by bytes', async () => {
  await inTempDir(async (dir) => {
    const byCount = await writeSitemap({
      dir,
      fileName: 'a.xml',
      publicUrl,
      entries: entries(7),
      limits: { maxUrls: 3 },
    });
    expect(byCount.files).toEqual(['a.xml', 'a-1.xml', 'a-2.xml', 'a-3.xml']);
    const byBytes = await writeSitemap({
      dir,
      fileName: 'b.xml',
      publicUrl,
      entries: entries(10),
      limits: { maxBytes: 400 },
    });
    for (const name of byBytes.files.slice(1)) expect((await stat(join(dir, name))).size).toBeLessThanOrEqual(400);
    expect(byBytes.urls).toBe(10);
  });
});

test('escapeXml escapes the five specials and drops characters XML cannot carry', () => {
  expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  expect(escapeXml('a\u0000b\u001Fc\uFFFEd')).toBe('abcd');
  expect(escapeXml('é🙂')).toBe('é🙂');
});
