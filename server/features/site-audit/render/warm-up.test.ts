import { expect, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { spaSite } from '#test/fixtures/site-audit-spa-site.ts';
import { auditBrowsers } from '#test/helpers/processes.ts';
import { auditFixture } from '#test/helpers/site-audit.ts';
import { createAuditRenderer, RenderingStoppedError, type AuditRendererOptions } from './renderer.ts';

function renderer(options: Partial<AuditRendererOptions> = {}) {
  return createAuditRenderer({
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    fetcher: createSafeFetcher({ allowPrivate: [], userAgent: 'warm-up-test' }),
    concurrency: 2,
    timeoutMs: 15_000,
    maxPageBytes: 1024 * 1024,
    memoryMb: 512,
    ...options,
  });
}

const PAGE = {
  url: 'http://127.0.0.1:9/',
  status: 200,
  headers: { 'content-type': 'text/html' },
  body: Buffer.from(''),
};

test('an audit that ends while its browser is still starting closes it: close() waits for the launch, and nothing starts after', async () => {
  const audit = renderer();
  audit.warmUp();
  // The launch is under way (it imports Playwright and spawns Chromium): the audit ends now.
  await audit.close();
  expect(auditBrowsers()).toEqual([]);
  // A page handed over after the end starts no browser.
  await expect(audit.render(PAGE)).rejects.toBeInstanceOf(RenderingStoppedError);
  audit.warmUp();
  expect(auditBrowsers()).toEqual([]);
});

test('an audit that ends while its warmed-up contexts are opening closes its browser', async () => {
  const audit = renderer({ concurrency: 4 });
  audit.warmUp();
  // Wait for the browser itself, not for its contexts.
  while (audit.timings().launchMs === null) await new Promise((resolve) => setImmediate(resolve));
  expect(auditBrowsers()).toHaveLength(1);
  await audit.close();
  expect(auditBrowsers()).toEqual([]);
});

test('a browser that cannot start stops rendering with the reason, as a first render would have', async () => {
  const audit = renderer({ chromiumPath: '/nonexistent/chromium' });
  audit.warmUp();
  const failure = await audit.render(PAGE).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(RenderingStoppedError);
  expect((failure as Error).message).toMatch(
    /^The browser could not start \(.+\); the rest of the site was read without JavaScript\.$/,
  );
  expect(audit.stopped).toBe((failure as Error).message);
  await audit.close();
});

test('warmed-up contexts render the single-page application with the same findings, and the audit times its renders', async () => {
  const outcome = await auditFixture(spaSite(), { render: { concurrency: 2 } });
  expect(outcome.render).toEqual({ rendered: 19, stopped: null });
  expect(auditBrowsers()).toEqual([]);
});
