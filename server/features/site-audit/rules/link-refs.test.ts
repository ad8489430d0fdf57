import { expect, test } from 'vitest';
import { extractPageFacts } from '#server/lib/page-facts/extract.ts';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import { auditFixture } from '#test/helpers/site-audit.ts';

test('each link knows its position: navigation, footer or content (article headers and footers are content)', () => {
  const facts = extractPageFacts(`<!doctype html><html><body>
    <header><a href="/logo">Home</a></header>
    <nav><a href="/nav">Menu item</a></nav>
    <div role="navigation"><a href="/role-nav">Role nav</a></div>
    <main><article><header><a href="/article-header">By line</a></header><p><a href="/body">In text</a></p>
      <footer><a href="/article-footer">Tags</a></footer></article></main>
    <aside><a href="/aside">Aside</a></aside>
    <footer><nav><a href="/footer-nav">Privacy</a></nav><a href="/footer">Contact</a></footer>
    <div role="contentinfo"><a href="/role-footer">Terms</a></div>
    <a href="/after">After</a>
  </body></html>`);
  expect(facts.links.map((link) => [link.href, link.position])).toEqual([
    ['/logo', 'navigation'],
    ['/nav', 'navigation'],
    ['/role-nav', 'navigation'],
    ['/article-header', 'content'],
    ['/body', 'content'],
    ['/article-footer', 'content'],
    ['/aside', 'content'],
    ['/footer-nav', 'footer'],
    ['/footer', 'footer'],
    ['/role-footer', 'footer'],
    ['/after', 'content'],
  ]);
});

test('a broken link finding names every link to the broken URL: source, target, anchor text and position', async () => {
  const outcome = await auditFixture((path) => {
    if (path === '/robots.txt') return undefined;
    if (path === '/')
      return html(
        '<!doctype html><html lang="en"><head><title>Home page of the fixture</title></head><body>' +
          '<nav><a href="/missing">Missing page</a></nav><p><a href="/ok">Fine</a> and <a href="/missing">read more</a></p>' +
          '<footer><a href="/missing">Missing page</a></footer></body></html>',
      );
    if (path === '/ok') return html(auditPage('/ok', { links: ['/'] }));
    return undefined;
  });
  const broken = outcome.issues.find((issue) => issue.type === 'links-broken');
  const origin = outcome.site.origin;
  expect(
    broken?.links?.map((link) => ({
      ...link,
      source: link.source.slice(origin.length),
      target: link.target.slice(origin.length),
    })),
  ).toEqual([
    { source: '/', target: '/missing', anchor: 'Missing page', position: 'navigation' },
    { source: '/', target: '/missing', anchor: 'read more', position: 'content' },
    { source: '/', target: '/missing', anchor: 'Missing page', position: 'footer' },
  ]);
});
