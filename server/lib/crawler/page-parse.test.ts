import { Readable } from 'node:stream';
import { expect, test } from 'vitest';
import { MAX_LINKS_PER_PAGE } from '#server/lib/page-facts/facts.ts';
import { parsePageStream } from './page-parse.ts';

function chunked(html: string | Buffer, size: number): Readable {
  const bytes = Buffer.isBuffer(html) ? html : Buffer.from(html);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
}

test('parsePageStream finds links, canonical, base and robots meta across chunk boundaries', async () => {
  const html = `<html><head><BASE HREF="/b/"><link rel="alternate canonical" href="/c?a=1&amp;b=2"><meta name="Robots" content="noindex"></head>
    <body><a href="/x" rel="nofollow noopener">x</a><A HREF='y&amp;z'>y</A><area href="/map"><a name="anchor-only">no href</a></body></html>`;
  const page = await parsePageStream(chunked(html, 7), { botName: 'DelhiSeoToolsBot' });
  expect(page.links).toEqual([
    { href: '/x', nofollow: true },
    { href: 'y&z', nofollow: false },
    { href: '/map', nofollow: false },
  ]);
  expect(page.canonical).toBe('/c?a=1&b=2');
  expect(page.baseHref).toBe('/b/');
  expect(page.directives).toEqual({ noindex: true, nofollow: false });
});

test('parsePageStream obeys a meta tag named for our bot and ignores one for another bot', async () => {
  const html = '<meta name="delhiseotoolsbot" content="nofollow"><meta name="googlebot" content="noindex">';
  const page = await parsePageStream(chunked(html, 1000), { botName: 'DelhiSeoToolsBot' });
  expect(page.directives).toEqual({ noindex: false, nofollow: true });
});

test('parsePageStream decodes the declared charset, including multi-byte UTF-8 split across chunks', async () => {
  const latin = Buffer.from('<a href="/caf\xe9">x</a>', 'latin1');
  expect((await parsePageStream(chunked(latin, 3), { botName: 'b', charset: 'iso-8859-1' })).links[0].href).toBe(
    '/café',
  );
  const utf8 = '<a href="/डेल्ही">x</a>';
  expect((await parsePageStream(chunked(utf8, 1), { botName: 'b' })).links[0].href).toBe('/डेल्ही');
});

test('parsePageStream keeps at most MAX_LINKS_PER_PAGE links from one page and counts the rest', async () => {
  const html = `${'<a href="/l">l</a>'.repeat(MAX_LINKS_PER_PAGE + 50)}<area href="/m">`;
  const page = await parsePageStream(chunked(html, 65536), { botName: 'b' });
  expect(page.links).toHaveLength(MAX_LINKS_PER_PAGE);
  expect(page.linksOverCap).toBe(51);
});

test('the title, images and hreflang alternates are read when asked for (an SVG title is not the page title)', async () => {
  const html = `<html><head><svg><title>icon</title></svg><title>  A
    page &amp; more </title><title>second</title>
    <link rel="alternate" hreflang="en" href="/en/"><link rel="ALTERNATE" hreflang=" hi " href="/hi/">
    <link rel="alternate" href="/feed.xml" type="application/rss+xml"><link rel="stylesheet" hreflang="fr" href="/s.css">
    </head><body><img src="/a.png"><img src=" /b.png "><img src="/a.png"><img src=""><img alt="no src"><img src="/c.png"></body></html>`;
  const asked = await parsePageStream(chunked(html, 5), {
    botName: 'DelhiSeoToolsBot',
    collect: { images: true, alternates: true, maxImages: 2, maxAlternates: 5 },
  });
  expect(asked.title).toBe('A page & more');
  expect(asked.images).toEqual(['/a.png', '/b.png']);
  expect(asked.alternates).toEqual([
    { hreflang: 'en', href: '/en/' },
    { hreflang: 'hi', href: '/hi/' },
  ]);
  const plain = await parsePageStream(chunked(html, 64), { botName: 'DelhiSeoToolsBot' });
  expect([plain.title, plain.images, plain.alternates]).toEqual(['A page & more', [], []]);
});
