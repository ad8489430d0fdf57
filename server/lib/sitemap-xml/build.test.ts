import { expect, test } from 'vitest';
import { assertValidSitemap, sitemapSchemaErrors } from '#test/helpers/sitemap-schema.ts';
import { parseSitemapXml } from '#test/helpers/sitemap-xml.ts';
import { buildSitemap, type BuildSitemapOptions, type BuiltSitemap } from './build.ts';
import { encodeLoc, escapeXml, MAX_BYTES_PER_FILE, SITEMAP_NS, type SitemapEntry } from './xml.ts';

/** Builds a sitemap; every file of it (parts and index included) must pass the sitemaps.org schema. */
async function build(options: BuildSitemapOptions, check: { schemaValid?: boolean } = {}): Promise<BuiltSitemap> {
  const built = await buildSitemap(options);
  if (check.schemaValid !== false) for (const file of built.files) assertValidSitemap(file.xml, file.name);
  return built;
}

/** The XML of the file called `name`. */
function xmlOf(built: BuiltSitemap, name: string): string {
  const file = built.files.find((candidate) => candidate.name === name);
  if (!file) throw new Error(`no file ${name} in ${built.files.map((entry) => entry.name).join(', ')}`);
  return file.xml;
}

const names = (built: BuiltSitemap) => built.files.map((file) => file.name);
const bytesOf = (built: BuiltSitemap, name: string) => Buffer.byteLength(xmlOf(built, name));

const publicUrl = (name: string) => `https://tools.example/sitemaps/${name}`;
const entries = (count: number, pad = ''): SitemapEntry[] =>
  Array.from({ length: count }, (_, i) => ({ url: `https://site.example/p/${i}${pad}` }));

test('a small site becomes one valid urlset with escaped locs and lastmod', async () => {
  const built = await build({
    fileName: 'sitemap.xml',
    publicUrl,
    entries: [
      { url: "https://site.example/search?a=1&b=<2>&c='3'", lastmod: '2024-01-02T03:04:05+00:00' },
      { url: 'https://site.example/caf%C3%A9' },
    ],
  });
  expect(built).toMatchObject({ mainFile: 'sitemap.xml', isIndex: false, urls: 2, rejected: [] });
  expect(names(built)).toEqual(['sitemap.xml']);
  const xml = xmlOf(built, 'sitemap.xml');
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

test('a loc of 2,048 characters is written and a longer one is rejected, not truncated', async () => {
  const base = 'https://site.example/';
  const exact = base + 'a'.repeat(2048 - base.length);
  const tooLong = exact + 'b';
  const built = await build({ fileName: 's.xml', publicUrl, entries: [{ url: exact }, { url: tooLong }] });
  expect(built.urls).toBe(1);
  expect(built.rejected).toEqual([{ url: tooLong }]);
  expect(parseSitemapXml(xmlOf(built, 's.xml')).entries).toEqual([{ loc: exact }]);
});

test('no pages gives a well-formed empty urlset, which the sitemaps.org schema rejects (it asks for one <url>)', async () => {
  const built = await build({ fileName: 's.xml', publicUrl, entries: [] }, { schemaValid: false });
  const xml = xmlOf(built, 's.xml');
  expect(xml).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n</urlset>\n`);
  // The generator never hands this out: a crawl that lists no page answers 422 saying why (its router test).
  expect(sitemapSchemaErrors(xml)).toEqual([expect.stringContaining("urlset': Missing child element(s).")]);
});

test('characters a URI may not carry are percent-encoded in <loc>, existing escapes kept, and the file passes the schema', async () => {
  const url = 'https://example.com/p?filter[color]=red&x={a}|b^c';
  const built = await build({
    fileName: 's.xml',
    publicUrl,
    entries: [{ url }, { url: 'https://example.com/caf%C3%A9 é/100%' }],
  });
  const xml = xmlOf(built, 's.xml');
  expect(sitemapSchemaErrors(xml)).toEqual([]);
  expect(parseSitemapXml(xml).entries).toEqual([
    { loc: 'https://example.com/p?filter%5Bcolor%5D=red&x=%7Ba%7D%7Cb%5Ec' },
    { loc: 'https://example.com/caf%C3%A9%20%C3%A9/100%25' },
  ]);
});

test('encodeLoc leaves a valid URI as it is and keeps the brackets of an IPv6 host', () => {
  expect(encodeLoc("https://site.example/a-b_c.d~e/!$&'()*+,;=:@/?q=1#top")).toBe(
    "https://site.example/a-b_c.d~e/!$&'()*+,;=:@/?q=1#top",
  );
  expect(encodeLoc('http://[::1]:8080/x[1]#a#b')).toBe('http://[::1]:8080/x%5B1%5D#a%23b');
  expect(encodeLoc('https://site.example/%7e%zz%')).toBe('https://site.example/%7e%25zz%25');
});

test('more than 50,000 URLs become numbered parts and a sitemap index with absolute locations', async () => {
  const all = entries(120_001);
  const built = await build({ fileName: 'sitemap-site.example.xml', publicUrl, entries: all });
  expect(built).toMatchObject({ isIndex: true, urls: 120_001, mainFile: 'sitemap-site.example.xml' });
  expect(names(built)).toEqual([
    'sitemap-site.example.xml',
    'sitemap-site.example-1.xml',
    'sitemap-site.example-2.xml',
    'sitemap-site.example-3.xml',
  ]);
  const index = parseSitemapXml(xmlOf(built, 'sitemap-site.example.xml'));
  expect(index.kind).toBe('sitemapindex');
  expect(index.entries.map((entry) => entry.loc)).toEqual(
    [1, 2, 3].map((n) => publicUrl(`sitemap-site.example-${n}.xml`)),
  );
  const counts = [];
  const locs: string[] = [];
  for (const n of [1, 2, 3]) {
    const part = parseSitemapXml(xmlOf(built, `sitemap-site.example-${n}.xml`));
    counts.push(part.entries.length);
    for (const entry of part.entries) locs.push(entry.loc);
  }
  expect(counts).toEqual([50_000, 50_000, 20_001]);
  expect(locs).toEqual(all.map((entry) => entry.url));
});

test('a urlset never passes 50 MB: long URLs split by bytes before the 50,000 count', async () => {
  const long = entries(26_000, `/${'x'.repeat(1990)}`);
  const built = await build({ fileName: 'big.xml', publicUrl, entries: long });
  expect(built.isIndex).toBe(true);
  expect(built.files).toHaveLength(3);
  for (const name of names(built).slice(1)) expect(bytesOf(built, name)).toBeLessThanOrEqual(MAX_BYTES_PER_FILE);
  expect(bytesOf(built, 'big-1.xml')).toBeGreaterThan(MAX_BYTES_PER_FILE - 3000);
});

test('custom limits split by count and by bytes', async () => {
  const byCount = await build({ fileName: 'a.xml', publicUrl, entries: entries(7), limits: { maxUrls: 3 } });
  expect(names(byCount)).toEqual(['a.xml', 'a-1.xml', 'a-2.xml', 'a-3.xml']);
  const byBytes = await build({ fileName: 'b.xml', publicUrl, entries: entries(10), limits: { maxBytes: 400 } });
  for (const name of names(byBytes).slice(1)) expect(bytesOf(byBytes, name)).toBeLessThanOrEqual(400);
  expect(byBytes.urls).toBe(10);
});

test('building a large sitemap lets the event loop turn between chunks of URLs', async () => {
  let turns = 0;
  const ticking = setInterval(() => (turns += 1), 0);
  try {
    await buildSitemap({ fileName: 't.xml', publicUrl, entries: entries(40_000) });
  } finally {
    clearInterval(ticking);
  }
  expect(turns).toBeGreaterThan(0);
});

test('escapeXml escapes the five specials and drops characters XML cannot carry', () => {
  expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  expect(escapeXml('a\u0000b\u001Fc\uFFFEd')).toBe('abcd');
  expect(escapeXml('é🙂')).toBe('é🙂');
});
