import { t, type IssueType } from './define.ts';

/**
 * Lab Core Web Vitals thresholds, mobile, as Lighthouse and Chrome grade them: a value up to `good` is
 * good, above `poor` is poor, between them needs improvement. Sources: LCP and CLS,
 * https://web.dev/articles/lcp and https://web.dev/articles/cls ("Core Web Vitals thresholds");
 * TBT, https://developer.chrome.com/docs/lighthouse/performance/lighthouse-total-blocking-time
 * (mobile: 0–200 ms fast, 200–600 ms moderate, over 600 ms slow).
 */
export const VITALS_THRESHOLDS = {
  lcpMs: { good: 2500, poor: 4000 },
  cls: { good: 0.1, poor: 0.25 },
  tbtMs: { good: 200, poor: 600 },
} as const;

export type VitalGrade = 'good' | 'needs-improvement' | 'poor';

export type VitalKey = keyof typeof VITALS_THRESHOLDS;

/** Each vital's short name and how its value is written (issue details, the report, the pages list). */
export const VITALS: Record<VitalKey, { name: string; show: (value: number) => string }> = {
  lcpMs: { name: 'LCP', show: (value) => `${(value / 1000).toFixed(1)} s` },
  cls: { name: 'CLS', show: (value) => value.toFixed(3) },
  tbtMs: { name: 'TBT', show: (value) => `${Math.round(value)} ms` },
};

/** Each grade in words, as every report shows it (the site audit's and the one-page audit's). */
/**
 * The words for a page measured before it had settled: the site audit's issue (rendering.ts) and the note of
 * the mobile test and the one-page audit (server/lib/browser/settle.ts).
 */
export const NOT_SETTLED_TITLE = 'Page still loading when it was read';

export const VITAL_GRADE_LABELS: Record<VitalGrade, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

/** A vital's thresholds in words: "good up to 2.5 s, poor over 4.0 s". */
export function vitalThresholdsText(key: VitalKey): string {
  const { good, poor } = VITALS_THRESHOLDS[key];
  return `good up to ${VITALS[key].show(good)}, poor over ${VITALS[key].show(poor)}`;
}

export function gradeVital(metric: VitalKey, value: number): VitalGrade {
  const { good, poor } = VITALS_THRESHOLDS[metric];
  return value > poor ? 'poor' : value > good ? 'needs-improvement' : 'good';
}

const LAB =
  'Measured in the audit’s browser while the page was rendered (a lab value: a 1280×800 window, no CPU or network throttling, images not loaded), from the start of the page until it had settled.';

/**
 * Site audit checks of the "page experience" group: lab Core Web Vitals of each rendered page, reported
 * only by audits run with "Render JavaScript" on.
 */
export const pageExperienceIssueTypes: readonly IssueType[] = [
  t(
    'lcp-poor',
    'warning',
    'Largest Contentful Paint is poor',
    `The largest text block or image took more than 4 seconds to appear. ${LAB}`,
    'Send the main content in the HTML, load the data it needs sooner, and cut the scripts and styles that delay the first render.',
  ),
  t(
    'lcp-needs-improvement',
    'notice',
    'Largest Contentful Paint needs improvement',
    `The largest text block or image took between 2.5 and 4 seconds to appear. ${LAB}`,
    'Send the main content in the HTML, load the data it needs sooner, and cut the scripts and styles that delay the first render.',
  ),
  t(
    'cls-poor',
    'warning',
    'Cumulative Layout Shift is poor',
    `Content moved by more than 0.25 (layout shift score) while the page loaded: visitors lose their place or tap the wrong thing. ${LAB}`,
    'Reserve space for content that arrives late (images, ads, data-driven blocks), and do not insert content above what is already shown.',
  ),
  t(
    'cls-needs-improvement',
    'notice',
    'Cumulative Layout Shift needs improvement',
    `Content moved by between 0.1 and 0.25 (layout shift score) while the page loaded. ${LAB}`,
    'Reserve space for content that arrives late (images, ads, data-driven blocks), and do not insert content above what is already shown.',
  ),
  t(
    'tbt-poor',
    'warning',
    'Total Blocking Time is poor',
    `Scripts blocked the page for more than 600 ms in all after its first paint (the time each long task ran past 50 ms): taps and typing wait meanwhile. ${LAB}`,
    'Split long scripts into smaller tasks, defer what the first view does not need, and remove unused JavaScript.',
  ),
  t(
    'tbt-needs-improvement',
    'notice',
    'Total Blocking Time needs improvement',
    `Scripts blocked the page for between 200 and 600 ms in all after its first paint. ${LAB}`,
    'Split long scripts into smaller tasks, defer what the first view does not need, and remove unused JavaScript.',
  ),
];
