import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { startOnePageExperienceSite } from '#test/fixtures/one-page-experience.ts';
import { LATE_DATA_MS } from '#test/fixtures/settling-pages.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';

/*
 * The one-page audit's page experience (docs/decisions/0061): the page rendered in the job thread's
 * Chromium (the mobile test's renderer, every request through the guarded fetcher), its lab vitals graded
 * with the site audit's thresholds and axe-core's failures per rule; a page that cannot be rendered keeps
 * its SEO audit and says why it has no values.
 */

async function auditApp(env: Record<string, string> = {}, dialect: 'sqlite' | 'postgres' = 'sqlite') {
  const site = await startOnePageExperienceSite();
  const app = await createTestApp({
    env: { FETCH_ALLOW_PRIVATE: site.hostPort, ...env },
    assets: apiOnlyAssets,
    dialect,
  });
  onTestFinished(async () => {
    await app.close();
    await site.close();
  });
  return (path: string) =>
    request(app.app)
      .post('/api/seo-audit/audit')
      .send({ url: `${site.origin}${path}` });
}

test.each(['sqlite', 'postgres'] as const)(
  'a late layout shift and a long task are graded not good; the API answers the section with its exact shape (%s)',
  async (dialect) => {
    const audit = await auditApp({}, dialect);
    const res = await audit('/hero');
    expect(res.status).toBe(200);
    const experience = res.body.report.pageExperience;
    expect(Object.keys(experience).sort()).toEqual(['accessibility', 'grades', 'screen', 'status', 'vitals']);
    expect([experience.status, experience.screen, experience.accessibility]).toEqual(['measured', '360×640', []]);
    // The hero image (360×300 at 360 px) pushes the text down once painted: a shift far over 0.25.
    expect(experience.grades).toMatchObject({ cls: 'poor', tbtMs: 'poor' });
    expect(experience.vitals.cls).toBe(0.298);
    // 700 ms of script after the first paint: 650 ms past the 50 ms a task may take, however busy the machine.
    expect(experience.vitals.tbtMs).toBeGreaterThanOrEqual(650);
    expect(experience.vitals.lcpMs).toBeGreaterThan(0);
    // The SEO audit itself is unchanged.
    expect(res.body.report.title).toBe('Spring sale on handmade notebooks in Delhi');
    expect(res.body.report.checks).toHaveLength(22);
  },
  90_000,
);

test("an image without alt and an unlabelled field fail exactly axe's image-alt and label, each with its element; the clean page has none", async () => {
  const audit = await auditApp();
  const form = (await audit('/form')).body.report.pageExperience;
  expect(form.accessibility).toEqual([
    { rule: 'image-alt', impact: 'critical', count: 1, element: 'img <img src="/pen.svg" width="120" height="80">' },
    { rule: 'label', impact: 'critical', count: 1, element: 'input <input type="search" name="q" style="">' },
  ]);
  const clean = (await audit('/clean')).body.report.pageExperience;
  expect(clean).toMatchObject({
    status: 'measured',
    vitals: { cls: 0, tbtMs: 0 },
    grades: { cls: 'good', tbtMs: 'good' },
    accessibility: [],
  });
}, 90_000);

test('the page is measured once it has settled: a text block its data paints after load is its LCP, a banner 1.5 s in its CLS', async () => {
  const audit = await auditApp();
  const article = (await audit('/late-article')).body.report.pageExperience;
  // The article arrives 2 s after load (a timer, then a slow API): read at load, its LCP was the loading line's.
  expect(article.vitals.lcpMs).toBeGreaterThanOrEqual(LATE_DATA_MS);
  // Written in place of its loading line, the article pushes the shop's address below it down: a shift too.
  expect([article.status, article.vitals.cls, article.grades.cls]).toEqual(['measured', 0.228, 'needs-improvement']);
  const banner = (await audit('/late-banner')).body.report.pageExperience;
  expect([banner.vitals.cls, banner.grades.cls]).toEqual([0.275, 'poor']);
}, 90_000);

test('a page that never falls quiet is measured within the time limit, and the section says it was still loading', async () => {
  const audit = await auditApp({ MOBILE_TEST_TIMEOUT_MS: '12000' });
  const experience = (await audit('/countdown')).body.report.pageExperience;
  expect(experience).toMatchObject({ status: 'measured', vitals: { tbtMs: 0 }, accessibility: [] });
  expect(experience.unsettled).toMatch(/^Still changing after \d+(\.\d)? s: the page's content kept changing$/);
}, 90_000);

test('a page whose script never ends still gets its SEO audit, and the section says why it has no values', async () => {
  const audit = await auditApp({ MOBILE_TEST_TIMEOUT_MS: '6000' });
  const res = await audit('/endless');
  expect(res.status).toBe(200);
  expect(res.body.report.title).toBe('A page whose script never ends, for the audit');
  expect(res.body.report.checks).toHaveLength(22);
  expect(res.body.report.pageExperience).toEqual({
    status: 'not-measured',
    reason:
      'The page could not be rendered in the browser: The page could not be measured within 6 seconds (it may run a script that never ends).',
  });
}, 90_000);

test('without Chromium the SEO audit answers as before and the section says the page was not rendered', async () => {
  const audit = await auditApp({ CHROMIUM_PATH: 'off' });
  const res = await audit('/clean');
  expect(res.status).toBe(200);
  expect(res.body.report.title).toBe('Handmade notebooks and fountain pens shop');
  expect(res.body.report.pageExperience).toEqual({
    status: 'not-measured',
    reason: 'Chromium is not available on this server, so the page was not rendered in a browser.',
  });
});
