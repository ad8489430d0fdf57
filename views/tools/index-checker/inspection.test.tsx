import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { IndexInspection } from '#views/model/index-checker.ts';
import { inspectionFacts } from './inspection.ts';
import { InspectionFacts } from './InspectionFacts.tsx';
import { TimeZoneContext } from '#views/lib/local-time.ts';

const inZone = (timeZone: string, element: ReactElement) => (
  <TimeZoneContext.Provider value={timeZone}>{element}</TimeZoneContext.Provider>
);

const indexed: IndexInspection = {
  lastCrawlTime: '2026-11-20T07:33:50Z',
  googleCanonical: 'https://shop.example.com/shoes',
  userCanonical: 'https://SHOP.example.com:443/shoes',
  robotsTxtState: 'ALLOWED',
  indexingState: 'INDEXING_ALLOWED',
  pageFetchState: 'SUCCESSFUL',
  crawledAs: 'MOBILE',
};

const neverCrawled: IndexInspection = {
  lastCrawlTime: null,
  googleCanonical: null,
  userCanonical: null,
  robotsTxtState: 'ROBOTS_TXT_STATE_UNSPECIFIED',
  indexingState: 'INDEXING_STATE_UNSPECIFIED',
  pageFetchState: 'PAGE_FETCH_STATE_UNSPECIFIED',
  crawledAs: null,
};

test('an indexed page: crawl time and crawler, fetch, robots.txt, indexing and one canonical (spelling aside), nothing flagged', () => {
  expect(inspectionFacts(indexed, 'Asia/Kolkata')).toEqual([
    { label: 'Last crawl', value: '20 Nov 2026, 1:03 pm IST by Googlebot smartphone', problem: false },
    { label: 'Page fetch', value: 'Fetched successfully', problem: false },
    { label: 'robots.txt', value: 'Allows Google', problem: false },
    { label: 'Indexing', value: 'Allowed (no noindex)', problem: false },
    { label: 'Google’s canonical', value: 'https://shop.example.com/shoes', problem: false },
    { label: 'Declared canonical', value: 'https://SHOP.example.com:443/shoes', problem: false },
  ]);
});

test('the rendering: label and value per line, a problem line marked, Google’s choice beside the declared canonical', () => {
  const duplicate = {
    ...indexed,
    userCanonical: 'https://shop.example.com/shoes?colour=red',
    crawledAs: 'DESKTOP',
    indexingState: 'BLOCKED_BY_META_TAG',
  };
  expect(renderToStaticMarkup(inZone('UTC', <InspectionFacts inspection={duplicate} />))).toBe(
    '<dl class="inspection">' +
      '<div><dt>Last crawl</dt><dd>20 Nov 2026, 7:33 am UTC by Googlebot desktop</dd></div>' +
      '<div><dt>Page fetch</dt><dd>Fetched successfully</dd></div>' +
      '<div><dt>robots.txt</dt><dd>Allows Google</dd></div>' +
      '<div class="inspection-problem"><dt>Indexing</dt><dd>Blocked by a noindex robots meta tag</dd></div>' +
      '<div class="inspection-problem"><dt>Google’s canonical</dt><dd>https://shop.example.com/shoes</dd></div>' +
      '<div class="inspection-problem"><dt>Declared canonical</dt><dd>https://shop.example.com/shoes?colour=red</dd></div>' +
      '<div class="inspection-problem"><dt>Canonicals</dt>' +
      '<dd>They differ: Google indexes its choice, not the page the canonical names</dd></div>' +
      '</dl>',
  );
});

test('a URL Google never crawled: one line says so, and no empty or "unspecified" lines', () => {
  expect(renderToStaticMarkup(inZone('UTC', <InspectionFacts inspection={neverCrawled} />))).toBe(
    '<dl class="inspection"><div class="inspection-problem"><dt>Last crawl</dt>' +
      '<dd>Not crawled yet: Google has no crawl of this URL</dd></div></dl>',
  );
});

test('fetch and robots problems in words; a page without its own canonical says so; a new Google code is shown as it is', () => {
  expect(
    inspectionFacts(
      {
        ...indexed,
        userCanonical: null,
        pageFetchState: 'SOFT_404',
        robotsTxtState: 'DISALLOWED',
        indexingState: 'SOMETHING_NEW',
        crawledAs: 'CRAWLING_USER_AGENT_UNSPECIFIED',
      },
      'UTC',
    ),
  ).toEqual([
    { label: 'Last crawl', value: '20 Nov 2026, 7:33 am UTC', problem: false },
    { label: 'Page fetch', value: 'Soft 404: the page loads but reads like an error page', problem: true },
    { label: 'robots.txt', value: 'Blocks Google', problem: true },
    { label: 'Indexing', value: 'SOMETHING_NEW', problem: true },
    { label: 'Google’s canonical', value: 'https://shop.example.com/shoes', problem: false },
    { label: 'Declared canonical', value: 'None declared by the page', problem: false },
  ]);
});
