import { expect, test } from 'vitest';
import { auditFromQuery, auditMessage } from '#views/pages/contact/Widget.tsx';
import {
  auditMeta,
  completionText,
  contactPath,
  filterGroups,
  formatBytes,
  liveHistory,
  progressPercent,
  progressText,
  reportPath,
  rerunOptions,
  scoreLabel,
  shortUrl,
  stoppedNote,
  renderNote,
  timeLeftText,
  summaryLine,
} from './logic.ts';
import type { AuditIssueGroup, AuditListItem, AuditView } from './schema.ts';

const groups: AuditIssueGroup[] = [
  {
    type: 'status-4xx',
    severity: 'error',
    title: 'Internal URL answers 4xx',
    count: 2,
  },
  { type: 'thin-content', severity: 'warning', title: 'Thin content', count: 1 },
  { type: 'deep-page', severity: 'notice', title: 'Deep page', count: 1 },
];

test('issue groups filter by severity and by text in the title, id or URLs (the types the server found a URL of)', () => {
  expect(filterGroups(groups, 'all', '').map((group) => group.type)).toEqual([
    'status-4xx',
    'thin-content',
    'deep-page',
  ]);
  expect(filterGroups(groups, 'warning', '').map((group) => group.type)).toEqual(['thin-content']);
  expect(filterGroups(groups, 'all', ' THIN ').map((group) => group.type)).toEqual(['thin-content']);
  expect(filterGroups(groups, 'all', '/old', new Set(['status-4xx'])).map((group) => group.type)).toEqual([
    'status-4xx',
  ]);
  expect(filterGroups(groups, 'all', '/old')).toEqual([]);
  expect(filterGroups(groups, 'error', 'tiny', new Set(['thin-content']))).toEqual([]);
});

test('a crawl under way says its pages per second and the time left once the server tells them', () => {
  expect(progressText('running', { crawled: 12_400, discovered: 90_000, pagesPerSecond: 34, secondsLeft: 2_320 })).toBe(
    'Crawled 12,400 of 90,000 URLs found so far (34 pages/s, about 39 min left).',
  );
  expect(progressText('running', { crawled: 20, discovered: 25, pagesPerSecond: 2.5, secondsLeft: 2 })).toBe(
    'Crawled 20 of 25 URLs found so far (2.5 pages/s, less than a minute left).',
  );
  expect(progressText('running', { crawled: 20, discovered: 25, pagesPerSecond: 2.5 })).toBe(
    'Crawled 20 of 25 URLs found so far (2.5 pages/s).',
  );
  expect([59, 60, 89, 3_570, 3_600, 7_500, 36_000].map(timeLeftText)).toEqual([
    'less than a minute left',
    'about 1 min left',
    'about 1 min left',
    'about 1 h left',
    'about 1 h left',
    'about 2 h 5 min left',
    'about 10 h left',
  ]);
});

test('progress, score and summary read as sentences', () => {
  expect(progressText('queued', { crawled: 0, discovered: 1 })).toBe(
    'Queued: the audit starts as soon as a crawler is free.',
  );
  expect(progressText('running', { crawled: 0, discovered: 0 })).toBe(
    'Starting: reading robots.txt and the start page…',
  );
  expect(progressText('running', { crawled: 1200, discovered: 1 })).toBe('Crawled 1,200 of 1 URL found so far.');
  expect(progressPercent({ crawled: 50, discovered: 200 })).toBe(25);
  expect(progressPercent({ crawled: 10, discovered: 10 })).toBe(99);
  expect(progressText('running', { crawled: 40, discovered: 40, externalChecked: 3, externalTotal: 12 })).toBe(
    'Crawled 40 URLs; checking links to other sites: 3 of 12.',
  );
  expect(progressPercent({ crawled: 40, discovered: 40, externalChecked: 3, externalTotal: 12 })).toBe(25);
  expect([scoreLabel(95), scoreLabel(60), scoreLabel(59)]).toEqual(['good', 'fair', 'poor']);
  expect(summaryLine({ pages: 12, score: 80, errors: 1, warnings: 0, notices: 3 })).toBe(
    '1 error · 0 warnings · 3 notices on 12 URLs crawled',
  );
  expect(stoppedNote('complete')).toBe('');
  expect(stoppedNote('page-limit')).toMatch(/URL limit/);
});

test('paths, short URLs and sizes', () => {
  expect(reportPath('abc_-9')).toBe('/site-audit/abc_-9');
  expect(shortUrl('https://a.test/x?y=1', 'https://a.test')).toBe('/x?y=1');
  expect(shortUrl('https://a.test', 'https://a.test')).toBe('/');
  expect(shortUrl('https://b.test/x', 'https://a.test')).toBe('https://b.test/x');
  expect([formatBytes(-1), formatBytes(500), formatBytes(150 * 1024), formatBytes(3 * 1024 * 1024)]).toEqual([
    'unknown',
    '500 B',
    '150 KB',
    '3.0 MB',
  ]);
});

test('the line under the score says where, how long and which sitemaps', () => {
  const report = {
    siteUrl: 'https://a.test',
    stoppedBy: 'complete' as const,
    durationMs: 2430,
    crawlDelayMs: 0,
    hasSitemap: true,
    sitemaps: [{ url: 'https://a.test/sitemap.xml', kind: 'urlset', valid: true, urls: 3, error: null }],
  };
  expect(auditMeta(report)).toBe('Site https://a.test · crawled in 2.4 s · 1 sitemap read');
  expect(auditMeta({ ...report, sitemaps: [], crawlDelayMs: 1500 })).toBe(
    'Site https://a.test · crawled in 2.4 s · no sitemap found · Crawl-delay 1.5 s honoured',
  );
  expect(auditMeta({ ...report, render: { rendered: 12, stopped: null } })).toBe(
    'Site https://a.test · crawled in 2.4 s · 1 sitemap read · JavaScript rendered on 12 pages',
  );
});

test('an audit that stopped rendering JavaScript part way says why', () => {
  expect(renderNote(undefined)).toBe('');
  expect(renderNote({ rendered: 3, stopped: null })).toBe('');
  expect(renderNote({ rendered: 3, stopped: 'The browser stopped answering 3 times.' })).toBe(
    'The browser stopped answering 3 times.',
  );
});

test('the call to action carries the site, its score and the audit into the contact form, which fills itself in', () => {
  const path = contactPath({ id: 'AbCdEfGhIjKlMnOpQrSt_-', url: 'https://x.in/shop?a=1' }, 62);
  expect(path).toBe('/contact-me?site=https%3A%2F%2Fx.in%2Fshop%3Fa%3D1&score=62&audit=AbCdEfGhIjKlMnOpQrSt_-');
  const from = auditFromQuery(path.slice(path.indexOf('?')));
  expect(from).toEqual({ site: 'https://x.in/shop?a=1', score: '62', audit: 'AbCdEfGhIjKlMnOpQrSt_-' });
  expect(auditMessage(from!)).toBe(
    'Please help me fix the problems the site audit found on x.in (health score 62/100).',
  );
  expect(auditFromQuery('?site=https://x.in/&score=62&audit=bad')).toBeNull();
  expect(auditFromQuery('?site=javascript:alert(1)&audit=AbCdEfGhIjKlMnOpQrSt_-')).toBeNull();
  expect(auditFromQuery('?site=https://x.in/&score=lots&audit=AbCdEfGhIjKlMnOpQrSt_-')?.score).toBe('');
});

test('completion is announced in words', () => {
  expect(
    completionText({
      url: 'https://x.in/',
      status: 'done',
      summary: { pages: 3, score: 67, errors: 1, warnings: 0, notices: 2 },
    }),
  ).toBe(
    'The audit of x.in is complete: health score 67 out of 100, 1 error · 0 warnings · 2 notices on 3 URLs crawled. The report follows.',
  );
  expect(completionText({ url: 'https://x.in/', status: 'cancelled' })).toBe('The audit was cancelled.');
});

test('a re-run asks for the options the audit was run with; older audits by what their report says', () => {
  const audit = (report: Partial<AuditView['report']>): AuditView =>
    ({ id: 'a', url: 'http://shop.in/', status: 'done', report }) as AuditView;
  expect(rerunOptions(audit({ options: { render: true, checkExternalLinks: false } }))).toEqual({
    render: true,
    checkExternalLinks: false,
  });
  expect(rerunOptions(audit({ render: { rendered: 3, stopped: null } }))).toEqual({
    render: true,
    checkExternalLinks: true,
  });
  expect(rerunOptions(audit({}))).toEqual({ render: false, checkExternalLinks: true });
});

test('the list of audits shows the one on screen as it is now, the others as listed', () => {
  const item = (id: string, status: AuditListItem['status']): AuditListItem => ({
    id,
    url: `https://${id}.example/`,
    status,
    progress: { crawled: 0, discovered: 1 },
    createdAt: '2026-11-30T01:00:00.000Z',
    finishedAt: null,
  });
  const listed = [item('new', 'queued'), item('old', 'done')];
  expect(liveHistory(listed, { id: 'new', status: 'running' })).toEqual([item('new', 'running'), item('old', 'done')]);
  expect(liveHistory(listed, { id: 'elsewhere', status: 'running' })).toEqual(listed);
  expect(liveHistory(listed, null)).toEqual(listed);
});
