import { expect, test } from 'vitest';
import { htmlPage, ok, redirect, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { crawlSite } from './crawl.ts';

// TLS and several host names cannot be served on loopback without certificates and DNS, so this
// case answers from memory: http://example.test, https://example.test, https://www.example.test.
const site: FixtureSite = (path, origin) => {
  if (path === '/robots.txt') return undefined;
  if (origin !== 'https://www.example.test') return redirect(`https://www.example.test${path}`);
  if (path === '/')
    return ok(
      htmlPage({
        links: ['http://www.example.test/a', 'http://example.test/b', 'https://cdn.example.test/x', '/a#part'],
      }),
    );
  if (path === '/a' || path === '/b') return ok(htmlPage({ links: ['/'] }));
  return undefined;
};

test('the crawl follows the start page to https://www, upgrades http links and folds the bare host into it', async () => {
  const fetcher = createInMemoryFetcher(site, [
    'http://example.test',
    'https://example.test',
    'https://www.example.test',
  ]);
  const result = await crawlSite({ startUrl: 'http://Example.test', fetcher, botName: 'DelhiSeoToolsBot' });
  expect(result.pages.map((page) => page.url).sort()).toEqual([
    'https://www.example.test/',
    'https://www.example.test/a',
    'https://www.example.test/b',
  ]);
  expect(result.report.siteUrl).toBe('https://www.example.test');
  expect(
    result.report.skipped
      .filter((entry) => entry.reason === 'redirect')
      .map((entry) => entry.url)
      .sort(),
  ).toEqual(['http://example.test/', 'https://example.test/b']);
  expect(result.report.skipped.filter((entry) => entry.reason === 'external').map((entry) => entry.url)).toEqual([
    'https://cdn.example.test/x',
  ]);
  // The upgraded link is never requested over http.
  expect(fetcher.requests).not.toContain('http://www.example.test/a');
});
