import { expect, test } from 'vitest';
import { pageExperienceIssueTypes } from '#views/model/site-audit-checks/page-experience.ts';
import { prose } from '#test/fixtures/audit-pages.ts';
import { ok, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';
import { pageRows } from '../report.ts';
import { experienceSummaries } from '../rules/page-experience.ts';
import { pageExperienceSection } from '#views/model/page-experience-report.ts';

/*
 * Lab Core Web Vitals of rendered pages, measured until the page has settled: a text block painted 3 s
 * late, a layout shift 1.5 s in, and a script blocking the page after its first paint are each caught;
 * a plain page has none.
 */

const page = (path: string, body: string, script = '') =>
  ok(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vitals ${path}</title></head><body><h1>Vitals ${path}</h1>${body}<p><a href="/">Home</a> <a href="/late-text">Late</a> <a href="/shift">Shift</a> <a href="/blocking">Blocking</a></p><script>${script}</script></body></html>`,
  );

const PAGES: Record<string, () => ReturnType<typeof ok>> = {
  '/': () => page('/', `<p>${prose('/', 230)}</p>`),
  // The page's main text arrives 3 s after it starts.
  '/late-text': () =>
    page(
      '/late-text',
      '<p>Loading the article.</p>',
      `setTimeout(() => { const p = document.createElement('p'); p.textContent = ${JSON.stringify(prose('/late-text', 230))}; document.body.append(p); }, 3000);`,
    ),
  // A banner pushes the whole text down 1.5 s in.
  '/shift': () =>
    page(
      '/shift',
      `<p>${prose('/shift', 230)}</p>`,
      `setTimeout(() => { const banner = document.createElement('div'); banner.style.height = '400px'; document.body.prepend(banner); }, 1500);`,
    ),
  // Once the page has painted, a script holds the main thread for 700 ms.
  '/blocking': () =>
    page(
      '/blocking',
      `<p>${prose('/blocking', 230)}</p>`,
      `new PerformanceObserver((list, observer) => {
        if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
        observer.disconnect();
        setTimeout(() => { const end = performance.now() + 700; while (performance.now() < end); }, 0);
      }).observe({ type: 'paint', buffered: true });`,
    ),
};

const site: FixtureSite = (path) => PAGES[path]?.();

test('lab Core Web Vitals catch a late text block, a late layout shift and a blocking script, and nothing on a plain page', async () => {
  const outcome = await auditFixture(site, { render: {} });
  const origin = outcome.site.origin;
  const found = issuePaths(outcome, origin);
  expect(Object.fromEntries(pageExperienceIssueTypes.map(({ type }) => [type, found[type] ?? []]))).toEqual({
    'lcp-poor': [],
    'lcp-needs-improvement': ['/late-text'],
    'cls-poor': ['/shift'],
    'cls-needs-improvement': [],
    'tbt-poor': ['/blocking'],
    'tbt-needs-improvement': [],
  });
  const vitals = (path: string) => outcome.nodes.find((node) => node.url === origin + path)?.page?.render?.vitals;
  expect(vitals('/late-text')!.lcpMs).toBeGreaterThanOrEqual(3000);
  expect(vitals('/blocking')!.tbtMs).toBeGreaterThanOrEqual(650);
  expect(vitals('/')).toEqual({ lcpMs: expect.any(Number), cls: 0, tbtMs: 0 });
  expect(outcome.issues.find((issue) => issue.type === 'cls-poor')?.detail).toMatch(/^CLS 0\.\d{3} \(lab\)$/);
  // Each rendered page's values are in its row of the pages list (the API's /pages).
  const row = pageRows(outcome).find((entry) => entry.url === `${origin}/blocking`);
  expect(row?.facts).toMatchObject(vitals('/blocking')!);
  // The report's "Page experience" section over the same pages.
  const section = pageExperienceSection(experienceSummaries(outcome.nodes));
  expect([section.pages, section.cls.poor, section.tbt.poor, section.lcp['needs-improvement']]).toEqual([4, 1, 1, 1]);
  expect(section.worst.map((entry) => entry.url.slice(origin.length)).sort()).toEqual([
    '/blocking',
    '/late-text',
    '/shift',
  ]);
});
