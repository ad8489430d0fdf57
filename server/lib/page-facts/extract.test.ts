import { expect, test } from 'vitest';
import { countWords, createPageFactsParser, extractPageFacts } from './extract.ts';
import { MAX_LINKS_PER_PAGE } from './facts.ts';
import { minhashSimilarity } from './text-fingerprint.ts';
import { decodeHtml } from './decode.ts';

test('headings, title and description come back as exact, whitespace-collapsed text with entities decoded', () => {
  const facts = extractPageFacts(`<html lang="en-IN"><head><title> Best   SEO &amp; More </title>
    <meta name="description" content="Fast &quot;local&quot; SEO"><svg><title>icon</title></svg></head>
    <body><h1>Main <em>topic</em></h1><h2>One</h2><h2>Two
    lines</h2></body></html>`);
  expect(facts.title).toBe('Best SEO & More');
  expect(facts.metaDescription).toBe('Fast "local" SEO');
  expect(facts.lang).toBe('en-IN');
  expect(facts.h1).toEqual(['Main topic']);
  expect(facts.h2).toEqual(['One', 'Two lines']);
});

test('robots directives, canonical, viewport, social tags and JSON-LD types are collected', () => {
  const facts =
    extractPageFacts(`<head><meta name="robots" content="NOINDEX, Follow"><meta name="googlebot" content="nosnippet">
    <link rel="canonical" href=" https://example.com/a "><meta name="viewport" content="width=device-width">
    <meta property="og:title" content="OG"><meta name="twitter:card" content="summary">
    <script type="application/ld+json">{"@graph":[{"@type":"Organization"},{"@type":["WebPage","FAQPage"]}]}</script>
    <script type="application/ld+json">{broken</script></head>`);
  expect(facts.metaRobots).toEqual(['noindex', 'follow', 'nosnippet']);
  expect(facts.canonical).toBe('https://example.com/a');
  expect(facts.viewport).toBe('width=device-width');
  expect(facts.openGraph).toEqual({ 'og:title': 'OG' });
  expect(facts.twitter).toEqual({ 'twitter:card': 'summary' });
  expect(facts.jsonLdTypes).toEqual(['Organization', 'WebPage', 'FAQPage']);
  expect(facts.jsonLdInvalid).toBe(1);
});

test('scripts in head without defer or async count as render-blocking; modules and JSON do not', () => {
  const facts =
    extractPageFacts(`<head><script src="/a.js"></script><script src="/b.js" defer></script><script type="module" src="/m.js"></script>
    <script>inline()</script></head><body><script src="/late.js"></script></body>`);
  expect(facts.scripts.map((script) => script.blocking)).toEqual([true, false, false, true, false]);
});

test("words are counted in visible body text only, and image alt text becomes a link's anchor text", () => {
  const facts = extractPageFacts(`<head><title>Not counted here</title></head><body><p>One two three</p>
    <script>var notWords = 1</script><style>.x{}</style><a href="/home"><img src="/logo.png" alt="Home page"></a></body>`);
  expect(facts.wordCount).toBe(3);
  expect(facts.links).toEqual([{ href: '/home', text: 'Home page', rel: '', position: 'content' }]);
  expect(facts.images[0]).toMatchObject({ alt: 'Home page', width: null, srcset: false });
});

test('bodies are decoded with the declared charset', () => {
  const latin = Buffer.from('<p>caf\xe9</p>', 'latin1');
  expect(decodeHtml(latin, 'text/html; charset=iso-8859-1')).toBe('<p>café</p>');
  expect(decodeHtml(Buffer.from('<p>café</p>'), undefined)).toBe('<p>café</p>');
});

test('words are counted across scripts and punctuation, including Hindi and apostrophes', () => {
  expect(countWords("SEO in Delhi-NCR: it's fast, 100% free!")).toBe(8);
  expect(countWords('दिल्ली में एसईओ सेवाएं')).toBe(4);
  expect(countWords(' \u00a0 — … ')).toBe(0);
});

test('streamed in any chunking, the facts and text fingerprint are the same', () => {
  const html =
    '<html lang="en"><head><title>Caf&eacute; guide</title></head><body><h1>Caf&eacute; <b>menu</b></h1><p>Fresh   coffee, chai &amp; snacks in Rohini.</p><p>Open daily.</p></body></html>';
  const whole = extractPageFacts(html, { fingerprint: true });
  for (const size of [1, 3, 7, 64]) {
    const parser = createPageFactsParser({ fingerprint: true });
    for (let i = 0; i < html.length; i += size) parser.write(html.slice(i, i + size));
    const facts = parser.end();
    expect({ words: facts.wordCount, hash: facts.text?.hash, h1: facts.h1, title: facts.title }).toEqual({
      words: whole.wordCount,
      hash: whole.text?.hash,
      h1: whole.h1,
      title: whole.title,
    });
    expect(minhashSimilarity(facts.text!.minhash, whole.text!.minhash)).toBe(1);
  }
  // An entity inside a word does not split it.
  expect(whole.wordCount).toBe(10);
});

test('hidden elements are not visible body text; whitespace differences do not change the text hash', () => {
  const a = extractPageFacts(
    '<body><p>Visible words here</p><div hidden><p>secret text</p></div><span style="display: none">nope</span><input hidden></body>',
    { fingerprint: true },
  );
  const b = extractPageFacts('<body>\n  <p>Visible\n words   here</p>\n</body>', { fingerprint: true });
  expect(a.wordCount).toBe(3);
  expect(a.text?.hash).toBe(b.text?.hash);
});

test('near-identical texts share most MinHash values, unrelated texts almost none', () => {
  const words = (seed: number, n: number) =>
    Array.from({ length: n }, (_, i) => `w${(i * seed) % 997}x${i % 13}`).join(' ');
  const base = words(7, 400);
  const edited = base.replace('w7x1', 'changed');
  const fingerprint = (text: string) =>
    extractPageFacts(`<body><p>${text}</p></body>`, { fingerprint: true }).text!.minhash;
  expect(minhashSimilarity(fingerprint(base), fingerprint(edited))).toBeGreaterThanOrEqual(0.9);
  expect(minhashSimilarity(fingerprint(base), fingerprint(words(11, 400)))).toBeLessThan(0.2);
});

test('canonicals, hreflang, forms, duplicate head tags and http:// sub-resources are collected', () => {
  const facts =
    extractPageFacts(`<head><title>One</title><title>Two</title><meta name="description" content="a"><meta name="description" content="b">
    <link rel="canonical" href="/a"><link rel="alternate" hreflang="en-GB" href="/en"><link rel="stylesheet" href="http://cdn.example/s.css">
    <base href="/base/"></head><body><link rel="canonical" href="/b"><form action="http://x.example/send"></form><form></form>
    <img src="http://img.example/a.png"><iframe src="https://ok.example/"></iframe><map><area href="/area" alt="Area link"></map></body>`);
  expect({ titles: facts.titleCount, title: facts.title, descriptions: facts.descriptionCount }).toEqual({
    titles: 2,
    title: 'One',
    descriptions: 2,
  });
  expect(facts.canonicals).toEqual([
    { href: '/a', inHead: true },
    { href: '/b', inHead: false },
  ]);
  expect(facts.hreflang).toEqual([{ lang: 'en-GB', href: '/en' }]);
  expect(facts.forms).toEqual([{ action: 'http://x.example/send' }, { action: null }]);
  expect(facts.insecureResources).toEqual(['http://cdn.example/s.css', 'http://img.example/a.png']);
  expect(facts.baseHref).toBe('/base/');
  expect(facts.links).toEqual([{ href: '/area', text: 'Area link', rel: '', position: 'content' }]);
});

test('a page with more links than MAX_LINKS_PER_PAGE yields exactly the cap and counts the rest', () => {
  const facts = extractPageFacts(`<body>${'<a href="/x">x</a>'.repeat(MAX_LINKS_PER_PAGE + 7)}<area href="/y"></body>`);
  expect([facts.links.length, facts.linksOverCap]).toEqual([MAX_LINKS_PER_PAGE, 8]);
});

test('8,000 unclosed <span><a> read every link and heading but keep a bounded text per element', () => {
  const facts = extractPageFacts(
    `<body>${Array.from({ length: 8000 }, (_, index) => `<div><h2>h${index}<span><a href="/p${index}">link ${index} `).join('')}`,
  );
  expect([facts.links.length, facts.linksOverCap, facts.h2.length]).toEqual([
    MAX_LINKS_PER_PAGE,
    8000 - MAX_LINKS_PER_PAGE,
    8000,
  ]);
  // Without the bounds each open element collected the text of the whole rest of the page.
  expect(
    Math.max(...facts.h2.map((text) => text.length), ...facts.links.map((link) => link.text.length)),
  ).toBeLessThanOrEqual(8 * 1024);
  // The first 32 open elements (16 headings, 16 links) collect text; deeper ones count with none.
  expect(facts.h2.filter(Boolean)).toHaveLength(16);
  expect(facts.h2.find((text) => text.startsWith('h0'))).toMatch(/^h0link 0 h1link 1 h2link 2 /);
});
