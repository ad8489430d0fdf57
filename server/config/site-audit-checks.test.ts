import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { loadConfig } from './index.ts';

test('the audit job analyses its nodes in memory unless told to use its crawl store, and refuses any other place (decision 0065)', () => {
  expect(loadConfig({}).siteAudit.siteChecks).toBe('memory');
  expect(loadConfig({ SITE_AUDIT_SITE_CHECKS: 'store' }).siteAudit.siteChecks).toBe('store');
  expect(problemsOf({ SITE_AUDIT_SITE_CHECKS: 'disk' })).toEqual([expect.stringMatching(/^SITE_AUDIT_SITE_CHECKS /)]);
});
