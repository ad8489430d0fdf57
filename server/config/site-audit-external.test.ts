import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { loadConfig } from './index.ts';

test('the external link check settings default as documented, take overrides and refuse bad values', () => {
  expect(loadConfig({}).siteAudit.external).toEqual({ maxUrls: 1000, concurrency: 8, perHost: 2, timeoutMs: 10_000 });
  expect(
    loadConfig({ SITE_AUDIT_EXTERNAL_MAX_URLS: '50', SITE_AUDIT_EXTERNAL_TIMEOUT_MS: '3000' }).siteAudit.external,
  ).toMatchObject({ maxUrls: 50, timeoutMs: 3000 });
  expect(problemsOf({ SITE_AUDIT_EXTERNAL_MAX_URLS: '0' })).toEqual([
    expect.stringMatching(/^SITE_AUDIT_EXTERNAL_MAX_URLS must be a whole number/),
  ]);
});
