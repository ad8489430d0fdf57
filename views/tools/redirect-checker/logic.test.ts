import { expect, test } from 'vitest';
import {
  chainText,
  finalStatusText,
  parseUrlLines,
  redirectsToCsv,
  rowVerdict,
  summarize,
  summaryText,
} from './logic.ts';
import type { RedirectHopView, RedirectRow } from '#views/model/redirect-checker.ts';
import { redirectRequestSchema } from './schema.ts';

test('lines are trimmed and empty lines dropped, whatever the line endings', () => {
  expect(parseUrlLines('  https://a.example \r\n\r\nhttps://b.example\r \n')).toEqual([
    'https://a.example',
    'https://b.example',
  ]);
  expect(parseUrlLines(' \n \n')).toEqual([]);
});

test('the shared schema applies the same trimming and the 100-URL limit', () => {
  expect(redirectRequestSchema.parse({ urls: [' a ', '', 'b'] })).toEqual({ urls: ['a', 'b'], userAgent: 'browser' });
  expect(redirectRequestSchema.parse({ urls: ['a'], userAgent: 'googlebot-smartphone' }).userAgent).toBe(
    'googlebot-smartphone',
  );
  expect(redirectRequestSchema.safeParse({ urls: Array.from({ length: 101 }, () => 'x') }).success).toBe(false);
});

const row = (overrides: Partial<RedirectRow>): RedirectRow => ({
  originalUrl: 'http://a.example/',
  redirectedUrl: null,
  hops: [],
  finalStatus: null,
  warnings: [],
  state: 'checked',
  ...overrides,
});
const hop = (status: number, url = 'http://a.example/'): RedirectHopView => ({
  url,
  status,
  kind: status >= 300 && status < 400 ? 'redirect' : 'final',
  location: null,
  permanent: null,
  scheme: null,
  timeMs: 5,
  headers: { xRobotsTag: null, cacheControl: null, canonical: null, server: null },
});

test('CSV export has a header, one row per URL, the chain, warnings, errors, and defused formulas', () => {
  const csv = redirectsToCsv([
    row({
      redirectedUrl: 'https://a.example/',
      hops: [hop(301), hop(200, 'https://a.example/')],
      finalStatus: 200,
    }),
    row({ originalUrl: '=HYPERLINK("x")', error: 'Bad "URL"', state: 'failed' }),
    row({
      originalUrl: 'http://b.example/',
      hops: [hop(302), hop(302)],
      error: 'Redirect loop',
      warnings: ['temporary-redirect', 'chain', 'loop'],
      state: 'failed',
    }),
    row({ originalUrl: 'http://c.example/', error: 'Not checked', state: 'timed-out' }),
  ]);
  expect(csv.split('\r\n')).toEqual([
    'Original URL,Redirected URL,Final status,Hops,Chain,Warnings,Error',
    'http://a.example/,https://a.example/,200,1,301 http://a.example/ -> 200 https://a.example/,,',
    '"\'=HYPERLINK(""x"")",,,0,,,"Bad ""URL"""',
    'http://b.example/,,,2,302 http://a.example/ -> 302 http://a.example/,Temporary redirect; Redirect chain; Redirect loop,Redirect loop',
    'http://c.example/,,Timed out,0,,,Not checked',
    '',
  ]);
});

test('the chain text names Refresh header and meta refresh hops', () => {
  const refresh = { ...hop(200), kind: 'meta-refresh' as const };
  const header = { ...hop(200, 'http://b.example/'), kind: 'refresh-header' as const };
  expect(chainText(row({ hops: [refresh, header, hop(200, 'http://c.example/')] }))).toBe(
    '200 (meta refresh) http://a.example/ -> 200 (Refresh header) http://b.example/ -> 200 http://c.example/',
  );
});

test('each row gets one verdict, and the summary counts them', () => {
  const rows = [
    row({ hops: [hop(200)], finalStatus: 200 }),
    row({ hops: [hop(301), hop(200)], finalStatus: 200 }),
    row({ hops: [hop(301), hop(302), hop(200)], finalStatus: 200, warnings: ['temporary-redirect', 'chain'] }),
    row({ hops: [hop(404)], finalStatus: 404, warnings: ['broken'] }),
    row({ warnings: ['broken'], state: 'failed' }),
    row({ hops: [hop(302), hop(302)], warnings: ['temporary-redirect', 'chain', 'loop'], state: 'failed' }),
    row({ state: 'failed' }),
    row({ state: 'timed-out' }),
  ];
  expect(rows.map(rowVerdict)).toEqual(['ok', 'redirect', 'redirect', 'broken', 'broken', 'loop', 'error', 'error']);
  expect(summaryText(summarize(rows))).toBe('1 OK · 2 redirects · 2 broken · 1 loop · 2 errors');
  expect(summaryText(summarize([rows[1], rows[6]]))).toBe('0 OK · 1 redirect · 0 broken · 0 loops · 1 error');
  expect(rows.slice(4).map(finalStatusText)).toEqual(['No answer', 'Loop', 'Error', 'Timed out']);
});
