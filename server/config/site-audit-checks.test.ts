import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { loadConfig } from './index.ts';

test('the audit job analyses its crawl store unless told to keep to memory, and refuses any other place (decision 0065)', () => {
  expect(loadConfig({}).siteAudit.siteChecks).toBe('store');
  expect(loadConfig({ SITE_AUDIT_SITE_CHECKS: 'memory' }).siteAudit.siteChecks).toBe('memory');
  expect(problemsOf({ SITE_AUDIT_SITE_CHECKS: 'disk' })).toEqual([expect.stringMatching(/^SITE_AUDIT_SITE_CHECKS /)]);
});
