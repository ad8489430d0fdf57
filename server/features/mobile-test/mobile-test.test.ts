import { expect, test } from 'vitest';
import { startLivePagesSite } from '#test/fixtures/live-pages.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { testMobileFriendly } from './service.ts';

async function runOn(path: string) {
  const site = await startLivePagesSite();
  try {
    const report = await testMobileFriendly(`${site.origin}${path}`, {
      fetcher: createSafeFetcher({ allowPrivate: [site.hostPort], userAgent: 'test-bot' }),
    });
    return { report, site, status: Object.fromEntries(report.checks.map((check) => [check.id, check.status])) };
  } finally {
    await site.close();
  }
}

test('a responsive page passes every check, reading its linked same-origin stylesheet', async () => {
  const { report, site, status } = await runOn('/mobile/good');
  expect(report.mobileFriendly).toBe(true);
  expect(status).toEqual({
    viewport: 'pass',
    'fixed-width': 'pass',
    zoom: 'pass',
    plugins: 'pass',
    'font-size': 'pass',
    'responsive-images': 'pass',
    'tap-targets': 'pass',
  });
  expect(report.stylesheets).toEqual({ analysed: [`${site.origin}/styles/good.css`], skipped: [] });
});

test('missing or fixed viewports fail and make the page not mobile-friendly', async () => {
  const missing = await runOn('/mobile/no-viewport');
  expect(missing.report.mobileFriendly).toBe(false);
  expect(missing.report.checks[0].detail).toBe(
    'No <meta name="viewport"> tag: phones render the page at desktop width and shrink it.',
  );
  const fixed = await runOn('/mobile/fixed-viewport');
  expect(fixed.status.viewport).toBe('fail');
});

test('fixed widths in a linked stylesheet and in width attributes are found', async () => {
  const { report, status } = await runOn('/mobile/fixed-width');
  expect(status['fixed-width']).toBe('fail');
  expect(report.checks.find((check) => check.id === 'fixed-width')?.detail).toBe(
    'Fixed widths wider than a phone: .wrap { width: 1200px }; <table width="980">.',
  );
  expect(report.mobileFriendly).toBe(false);
});

test('disabled zoom and plugins fail; tiny fonts, wide images and tiny tap targets are reported', async () => {
  expect((await runOn('/mobile/zoom-disabled')).status.zoom).toBe('fail');
  const plugins = await runOn('/mobile/plugins');
  expect(plugins.status.plugins).toBe('fail');
  expect(plugins.report.mobileFriendly).toBe(false);
  const font = await runOn('/mobile/small-font');
  expect(font.status['font-size']).toBe('fail');
  expect(font.report.checks.find((check) => check.id === 'font-size')?.detail).toBe('The base font size is 9px.');
  // Medium and low findings do not by themselves make a page unfriendly.
  expect(font.report.mobileFriendly).toBe(true);
  expect((await runOn('/mobile/images')).status['responsive-images']).toBe('warning');
  const taps = await runOn('/mobile/tap-targets');
  expect(taps.status['tap-targets']).toBe('warning');
  expect(taps.status['font-size']).toBe('warning');
});

test('cross-origin stylesheets are listed as skipped, never fetched', async () => {
  const { report, site } = await runOn('/mobile/external-css');
  expect(report.stylesheets).toEqual({
    analysed: [`${site.origin}/styles/good.css`],
    skipped: ['https://cdn.example.com/site.css'],
  });
});
