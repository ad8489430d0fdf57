import { gradeVital, VITALS, type VitalGrade } from '#views/model/site-audit-checks/page-experience.ts';
import type { PageExperienceSummary } from '#views/model/page-experience-report.ts';
import type { UrlNode } from '../store.ts';
import { type Finding, type Page, pageRule, pages, type Rule, type RuleContext, type RuleFunction } from './context.ts';

/*
 * Rules of the "page experience" checks (catalogue: views/model/site-audit-checks/page-experience.ts):
 * each is decided from one rendered page's lab Core Web Vitals (server/lib/browser/vitals.ts). Written as per-page
 * rules, `(page) => Finding | undefined`, run over the pages by perPageRule (the seam with issue 34).
 */

type PerPage = (page: Page) => Finding | undefined;

/** A per-page rule as a rule of the RULES map: it runs over every page. */
export function perPageRule(rule: PerPage): RuleFunction {
  return (context: RuleContext) => pages(context).flatMap((page) => rule(page) ?? []);
}

const METRICS = { lcp: 'lcpMs', cls: 'cls', tbt: 'tbtMs' } as const;

/** Finds pages whose `metric` grades `grade`, with the measured value as the detail. */
function vitalRule(metric: keyof typeof METRICS, grade: VitalGrade): PerPage {
  const key = METRICS[metric];
  const { name, show } = VITALS[key];
  return (node) => {
    const value = node.page.render?.vitals?.[key];
    if (typeof value !== 'number' || gradeVital(key, value) !== grade) return undefined;
    return { url: node.url, detail: `${name} ${show(value)} (lab)` };
  };
}

export const pageExperienceRules: Record<string, Rule> = {
  'lcp-poor': pageRule(perPageRule(vitalRule('lcp', 'poor'))),
  'lcp-needs-improvement': pageRule(perPageRule(vitalRule('lcp', 'needs-improvement'))),
  'cls-poor': pageRule(perPageRule(vitalRule('cls', 'poor'))),
  'cls-needs-improvement': pageRule(perPageRule(vitalRule('cls', 'needs-improvement'))),
  'tbt-poor': pageRule(perPageRule(vitalRule('tbt', 'poor'))),
  'tbt-needs-improvement': pageRule(perPageRule(vitalRule('tbt', 'needs-improvement'))),
};

/** The in-memory pages' summaries for the report's "Page experience" section (rendered pages with vitals). */
export function* experienceSummaries(nodes: readonly UrlNode[]): Iterable<PageExperienceSummary> {
  for (const node of nodes) {
    const render = node.page?.render;
    if (!render?.vitals) continue;
    yield { url: node.url, ...render.vitals, axeRules: (render.axe ?? []).map((entry) => entry.rule) };
  }
}
