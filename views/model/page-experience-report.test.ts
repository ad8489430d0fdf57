import { expect, test } from 'vitest';
import { pageExperienceSection, type PageExperienceSummary } from './page-experience-report.ts';

const page = (url: string, lcpMs: number | null, cls: number, tbtMs: number, axeRules: string[] = []) =>
  ({ url, lcpMs, cls, tbtMs, axeRules }) satisfies PageExperienceSummary;

test('the page experience section counts grades per vital, lists the worst pages and the most failing accessibility rules', () => {
  const section = pageExperienceSection([
    page('/fast', 800, 0, 0),
    page('/slow', 4200, 0.3, 700, ['image-alt', 'label']),
    page('/meh', 3000, 0.05, 250, ['image-alt']),
    page('/blank', null, 0, 0, ['color-contrast']),
  ]);
  expect(section).toEqual({
    pages: 4,
    lcp: { good: 1, 'needs-improvement': 1, poor: 1 },
    cls: { good: 3, 'needs-improvement': 0, poor: 1 },
    tbt: { good: 2, 'needs-improvement': 1, poor: 1 },
    worst: [
      { ...page('/slow', 4200, 0.3, 700, ['image-alt', 'label']), poor: 3, needsImprovement: 0 },
      { ...page('/meh', 3000, 0.05, 250, ['image-alt']), poor: 0, needsImprovement: 2 },
    ],
    axeRules: [
      { rule: 'image-alt', pages: 2 },
      { rule: 'color-contrast', pages: 1 },
      { rule: 'label', pages: 1 },
    ],
  });
});

test('over many pages the worst list stays bounded and exact', () => {
  const pages = Array.from({ length: 1000 }, (_, i) => page(`/p${i}`, 2600 + i, 0, 0));
  const section = pageExperienceSection(pages);
  expect(section.worst.map((entry) => entry.url)).toEqual(Array.from({ length: 10 }, (_, i) => `/p${999 - i}`));
  expect(section.lcp['needs-improvement']).toBe(1000);
});
