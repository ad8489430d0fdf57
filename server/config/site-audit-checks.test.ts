import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { loadConfig } from './index.ts';
import { siteChecksFor } from './site-audit-defaults.ts';

test('the audit job analyses in memory up to 50,000 pages of cap and from its crawl store above, unless told; and refuses any other place (decisions 0065, 0070)', () => {
  expect(loadConfig({}).siteAudit.siteChecks).toBe('auto');
  expect(loadConfig({ SITE_AUDIT_SITE_CHECKS: 'store' }).siteAudit.siteChecks).toBe('store');
  expect(problemsOf({ SITE_AUDIT_SITE_CHECKS: 'disk' })).toEqual([expect.stringMatching(/^SITE_AUDIT_SITE_CHECKS /)]);
  expect([siteChecksFor('auto', 5000), siteChecksFor('auto', 50_000), siteChecksFor('auto', 50_001)]).toEqual([
    'memory',
    'memory',
    'store',
  ]);
  expect([siteChecksFor('memory', 1), siteChecksFor('store', 1)]).toEqual(['memory', 'store']);
});

test('an audit may have up to 10,000,000 pages of cap, and the in-memory analysis at most 50,000', () => {
  expect(loadConfig({ SITE_AUDIT_MAX_PAGES: '10000000' }).siteAudit.limits.maxPages).toBe(10_000_000);
  expect(problemsOf({ SITE_AUDIT_MAX_PAGES: '10000001' })).toEqual([expect.stringMatching(/^SITE_AUDIT_MAX_PAGES /)]);
  expect(
    loadConfig({ SITE_AUDIT_MAX_PAGES: '1000000', SITE_AUDIT_SITE_CHECKS: 'store' }).siteAudit.limits.maxPages,
  ).toBe(1_000_000);
  expect(problemsOf({ SITE_AUDIT_MAX_PAGES: '50001', SITE_AUDIT_SITE_CHECKS: 'memory' })).toEqual([
    expect.stringMatching(
      /^SITE_AUDIT_SITE_CHECKS is memory, which holds every page until the audit ends: at most 50,000 pages/,
    ),
  ]);
});
