import { expect, test } from 'vitest';
import { CRAWLER_BOT_NAME } from './index.ts';
import { isProductToken, matchWork, MAX_ROBOTS_BYTES, robotsMatcher } from './robots-txt.ts';

const HOSTILE_RULE = 'Disallow: /*a*a*a*a*a*a*b\n';

function workFor(robotsTxt: string, url: string): { allowed: boolean; steps: number } {
  const robots = robotsMatcher(robotsTxt, 'DelhiSeoToolsBot');
  matchWork.steps = 0;
  const allowed = robots.isAllowed(url);
  return { allowed, steps: matchWork.steps };
}

test('a wildcard rule costs reads linear in the path, where backtracking would be exponential', () => {
  const path = `/${'a'.repeat(2000)}`;
  // One rule tried; six one-character pieces found at once, then one scan to the end for "b".
  expect(workFor(`User-agent: *\n${HOSTILE_RULE}`, `http://site.test${path}`)).toEqual({
    allowed: true,
    steps: 1 + 6 + 1994,
  });
  expect(workFor(`User-agent: *\n${HOSTILE_RULE}`, `http://site.test${path}b`)).toEqual({
    allowed: false,
    steps: 1 + 6 + 1995,
  });
});

test('identical rules are tried once, so 19,500 copies (500 KB) cost what one does', () => {
  const url = `http://site.test/${'a'.repeat(2000)}`;
  const copies = `User-agent: *\n${HOSTILE_RULE.repeat(19_500)}`;
  expect(copies.length).toBeLessThan(MAX_ROBOTS_BYTES);
  expect(workFor(copies, url)).toEqual(workFor(`User-agent: *\n${HOSTILE_RULE}`, url));
});

test('20,000 different wildcard rules cost at most their own length each once the path is indexed', () => {
  const rules = Array.from({ length: 20_000 }, (_, index) => `Disallow: /*a*a*a*a*a*a*b${index}\n`).join('');
  const robotsTxt = `User-agent: *\n${rules}`.slice(0, MAX_ROBOTS_BYTES);
  const path = `/${'a'.repeat(2000)}b`;
  const { allowed, steps } = workFor(robotsTxt, `http://site.test${path}`);
  expect(allowed).toBe(true);
  // Index the path once, then each rule reads its pattern, plus one shared scan per repeated piece and start.
  expect(steps).toBeLessThan(robotsTxt.length + 10 * path.length);
});

test('the file is read up to 500 KiB and a rule cut by the cap is dropped, not shortened', () => {
  const filler = `User-agent: *\n${'# padding\n'.repeat(MAX_ROBOTS_BYTES / 10)}`;
  const robots = robotsMatcher(
    Buffer.from(`${filler.slice(0, MAX_ROBOTS_BYTES - 20)}Disallow: /private/page\n`),
    'bot',
  );
  expect(robots.isAllowed('http://site.test/private/other')).toBe(true);
  expect(robots.isAllowed('http://site.test/')).toBe(true);
});

test('Crawl-delay comes from the group that applies; Sitemap lines from anywhere', () => {
  const robotsTxt =
    'Sitemap: /a.xml\nUser-agent: *\nCrawl-delay: 9\nUser-agent: DelhiSeoToolsBot/2.0\nCrawl-delay: 0.5\nDisallow: /x\nSitemap: https://site.test/b.xml\n';
  const robots = robotsMatcher(robotsTxt, CRAWLER_BOT_NAME);
  expect([robots.crawlDelaySeconds, robots.sitemaps, robots.isAllowed('http://site.test/x')]).toEqual([
    0.5,
    ['/a.xml', 'https://site.test/b.xml'],
    false,
  ]);
  expect(robotsMatcher(robotsTxt, 'OtherBot').crawlDelaySeconds).toBe(9);
});

test('our crawler name is a product token that robots.txt groups can name', () => {
  expect(isProductToken(CRAWLER_BOT_NAME)).toBe(true);
});
