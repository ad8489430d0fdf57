import { DomUtils, parseDocument } from 'htmlparser2';
import { expect, test } from 'vitest';
import { validateSitemap, type XmlElement } from './validate.ts';

type DomNode = ReturnType<typeof parseDocument>['children'][number];

/** What the widget builds from DOMParser, built here from htmlparser2 (namespaces resolved by xmlns). */
function tree(xml: string): XmlElement | null {
  const convert = (node: DomNode, scope: Record<string, string>): XmlElement | null => {
    if (!('attribs' in node)) return null;
    const own = { ...scope };
    for (const [name, value] of Object.entries(node.attribs)) {
      if (name === 'xmlns') own[''] = value;
      else if (name.startsWith('xmlns:')) own[name.slice(6)] = value;
    }
    const [prefix, local] = node.name.includes(':') ? node.name.split(':') : ['', node.name];
    const children = node.children
      .map((child) => convert(child, own))
      .filter((child): child is XmlElement => child !== null);
    return { name: local, namespace: own[prefix] ?? null, children, text: DomUtils.textContent(node) };
  };
  const roots = parseDocument(xml, { xmlMode: true }).children.map((node) => convert(node, {}));
  return roots.find((root) => root !== null) ?? null;
}

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const urlset = (body: string, ns = NS) => `<?xml version="1.0" encoding="UTF-8"?><urlset ${ns}>${body}</urlset>`;

test('a urlset and a sitemap index with valid locs pass and list their locs', () => {
  expect(
    validateSitemap(
      tree(
        urlset(
          '<url><loc> https://example.com/ </loc><lastmod>2026-01-02</lastmod></url><url><loc>https://example.com/a?b=1&amp;c=2</loc><lastmod>2026-01-02T10:00:00+05:30</lastmod></url>',
        ),
      ),
    ),
  ).toEqual({
    ok: true,
    kind: 'urlset',
    locs: ['https://example.com/', 'https://example.com/a?b=1&c=2'],
  });
  expect(
    validateSitemap(
      tree(`<sitemapindex ${NS}><sitemap><loc>https://example.com/s-1.xml</loc></sitemap></sitemapindex>`),
    ),
  ).toEqual({
    ok: true,
    kind: 'sitemapindex',
    locs: ['https://example.com/s-1.xml'],
  });
});

test('each way a sitemap can be wrong gets its own reason', () => {
  const reason = (xml: string | null, bytes = 0) => {
    const result = validateSitemap(xml === null ? null : tree(xml), bytes);
    return result.ok ? 'ok' : result.reason;
  };
  expect(reason(null)).toBe('the file is not well-formed XML');
  expect(reason('<html><body>Not found</body></html>')).toBe(
    'the root element is <html>, not <urlset> or <sitemapindex>',
  );
  expect(reason(urlset('<url><loc>https://e.com/</loc></url>', ''))).toBe(
    '<urlset> is not in the http://www.sitemaps.org/schemas/sitemap/0.9 namespace',
  );
  expect(reason(urlset(''))).toBe('the sitemap lists no <url> entries');
  expect(reason(urlset('<url><lastmod>2026-01-01</lastmod></url>'))).toBe(
    'entry 1 has 0 <loc> elements instead of one',
  );
  expect(reason(urlset('<url><loc>https://e.com/</loc></url><url><loc>/relative</loc></url>'))).toBe(
    'the <loc> of entry 2 "/relative" is not an absolute URL',
  );
  expect(reason(urlset('<url><loc>ftp://e.com/x</loc></url>'))).toBe(
    'the <loc> of entry 1 "ftp://e.com/x" is not an http(s) URL',
  );
  expect(reason(urlset(`<url><loc>https://e.com/${'a'.repeat(2048)}</loc></url>`))).toBe(
    'the <loc> of entry 1 is longer than 2048 characters',
  );
  expect(reason(urlset('<url><loc>https://e.com/</loc><lastmod>yesterday</lastmod></url>'))).toBe(
    'the <lastmod> of entry 1 ("yesterday") is not a W3C date',
  );
  expect(reason(urlset('<url><loc>https://e.com/</loc></url>'), 50 * 1024 * 1024 + 1)).toBe(
    'the file is larger than 50 MB',
  );
  const many = Array.from({ length: 50_001 }, (_, i) => `<url><loc>https://e.com/${i}</loc></url>`).join('');
  expect(reason(urlset(many))).toBe('it lists 50001 entries; the limit is 50000');
});
