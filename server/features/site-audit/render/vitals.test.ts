import { expect, test } from 'vitest';
import { pageExperienceIssueTypes } from '#views/model/site-audit-checks/page-experience.ts';
import { vitalsSite } from '#test/fixtures/page-experience-site.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';
import { pageRows, reportFacts } from '../report.ts';
import { experienceSummaries } from '../rules/page-experience.ts';
import { pageExperienceSection } from '#views/model/page-experience-report.ts';

/*
 * Lab Core Web Vitals of rendered pages, measured until the page has settled: a text block painted 3 s
 * late, a layout shift 1.5 s in, and a script blocking the page after its first paint are each caught;
 * a plain page has none.
 */

const site = vitalsSite();

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
  // The report's "Page experience" section over the same pages, kept with the report's facts.
  const section = reportFacts(outcome).pageExperience!;
  expect(section).toEqual(pageExperienceSection(experienceSummaries(outcome.nodes)));
  expect([section.pages, section.cls.poor, section.tbt.poor, section.lcp['needs-improvement']]).toEqual([4, 1, 1, 1]);
  expect(section.worst.map((entry) => entry.url.slice(origin.length)).sort()).toEqual([
    '/blocking',
    '/late-text',
    '/shift',
  ]);
});
