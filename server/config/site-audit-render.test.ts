import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { loadConfig } from './index.ts';

test('the site audit renders JavaScript with documented defaults', () => {
  expect(loadConfig({}).siteAuditRender).toEqual({
    concurrency: 12,
    timeoutMs: 15_000,
    waitMs: 5000,
    memoryMb: 512,
    maxPages: 2000,
  });
});

test('the rendering settings are read from the environment', () => {
  const config = loadConfig({
    SITE_AUDIT_RENDER_CONCURRENCY: '2',
    SITE_AUDIT_RENDER_TIMEOUT_MS: '5000',
    SITE_AUDIT_RENDER_WAIT_MS: '2500',
    SITE_AUDIT_RENDER_MAX_MB: '256',
    SITE_AUDIT_RENDER_MAX_PAGES: '100',
    SITE_AUDIT_CHROMIUM_PATH: '/opt/chrome-headless-shell/chrome-headless-shell',
  });
  expect(config.siteAuditRender).toEqual({
    chromiumPath: '/opt/chrome-headless-shell/chrome-headless-shell',
    concurrency: 2,
    timeoutMs: 5000,
    waitMs: 2500,
    memoryMb: 256,
    maxPages: 100,
  });
});

test('rendering settings out of range are refused at boot', () => {
  expect(problemsOf({ SITE_AUDIT_RENDER_CONCURRENCY: '0' })).toHaveLength(1);
  expect(problemsOf({ SITE_AUDIT_RENDER_CONCURRENCY: '17' })).toHaveLength(1);
  expect(problemsOf({ SITE_AUDIT_RENDER_TIMEOUT_MS: '999' })).toHaveLength(1);
  expect(problemsOf({ SITE_AUDIT_RENDER_WAIT_MS: '499' })).toHaveLength(1);
  expect(problemsOf({ SITE_AUDIT_RENDER_WAIT_MS: '30001' })).toHaveLength(1);
  expect(problemsOf({ SITE_AUDIT_RENDER_MAX_MB: '63' })).toHaveLength(1);
  expect(problemsOf({ SITE_AUDIT_RENDER_MAX_PAGES: '50001' })).toHaveLength(1);
});
