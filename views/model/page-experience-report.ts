import { gradeVital, VITALS, type VitalGrade, type VitalKey } from './site-audit-checks/page-experience.ts';

/*
 * The site audit report's "Page experience" section (docs/decisions/0056): computed by one pass over
 * small per-page summaries, so the pages may come from memory or from a streaming query alike (the seam
 * with issue 34). Kept: counts per grade for each vital, the worst pages (a bounded list), and the
 * accessibility rules failing on most pages.
 */

export interface PageExperienceSummary {
  url: string;
  lcpMs: number | null;
  cls: number;
  tbtMs: number;
  /** The axe-core rules failing on the page. */
  axeRules: readonly string[];
}

type Counts = Record<VitalGrade, number>;

export interface PageExperienceSection {
  /** Pages with measurements. */
  pages: number;
  lcp: Counts;
  cls: Counts;
  tbt: Counts;
  /** The pages with the most poor, then needs-improvement, grades; ties by LCP, slowest first. */
  worst: Array<PageExperienceSummary & { poor: number; needsImprovement: number }>;
  /** Accessibility rules by the number of pages they fail on, most first (ties by rule id). */
  axeRules: Array<{ rule: string; pages: number }>;
}

const WORST = 10;
const RULES = 10;
const counts = (): Counts => ({ good: 0, 'needs-improvement': 0, poor: 0 });

/** Worse first: more poor grades, then more needs-improvement, then the slower LCP. */
function worse(a: PageExperienceSection['worst'][number], b: PageExperienceSection['worst'][number]): number {
  return b.poor - a.poor || b.needsImprovement - a.needsImprovement || (b.lcpMs ?? 0) - (a.lcpMs ?? 0);
}

export function pageExperienceSection(summaries: Iterable<PageExperienceSummary>): PageExperienceSection {
  const section: PageExperienceSection = {
    pages: 0,
    lcp: counts(),
    cls: counts(),
    tbt: counts(),
    worst: [],
    axeRules: [],
  };
  const rules = new Map<string, number>();
  for (const summary of summaries) {
    section.pages += 1;
    const grades = [
      summary.lcpMs === null ? null : gradeVital('lcpMs', summary.lcpMs),
      gradeVital('cls', summary.cls),
      gradeVital('tbtMs', summary.tbtMs),
    ];
    if (grades[0]) section.lcp[grades[0]] += 1;
    section.cls[grades[1]!] += 1;
    section.tbt[grades[2]!] += 1;
    const poor = grades.filter((grade) => grade === 'poor').length;
    const needsImprovement = grades.filter((grade) => grade === 'needs-improvement').length;
    if (poor + needsImprovement > 0) {
      section.worst.push({ ...summary, poor, needsImprovement });
      // Bounded: sorted and cut whenever it doubles, so a million pages keep at most 2 × WORST.
      if (section.worst.length >= 2 * WORST) section.worst = section.worst.sort(worse).slice(0, WORST);
    }
    for (const rule of new Set(summary.axeRules)) rules.set(rule, (rules.get(rule) ?? 0) + 1);
  }
  section.worst = section.worst.sort(worse).slice(0, WORST);
  section.axeRules = [...rules]
    .map(([rule, pages]) => ({ rule, pages }))
    .sort((a, b) => b.pages - a.pages || a.rule.localeCompare(b.rule))
    .slice(0, RULES);
  return section;
}

/** "LCP 3.1 s (needs improvement)", or "LCP 1.2 s" when good. */
function vitalText(key: VitalKey, value: number | null): string {
  if (value === null) return `${VITALS[key].name} not measured`;
  const grade = gradeVital(key, value);
  return `${VITALS[key].name} ${VITALS[key].show(value)}${grade === 'good' ? '' : ` (${grade.replace('-', ' ')})`}`;
}

/** A page's three lab vitals in words (the report's worst pages, the PDF): "LCP 0.4 s · CLS 0.266 (poor) · TBT 0 ms". */
export function vitalsText(page: Pick<PageExperienceSummary, 'lcpMs' | 'cls' | 'tbtMs'>): string {
  return [vitalText('lcpMs', page.lcpMs), vitalText('cls', page.cls), vitalText('tbtMs', page.tbtMs)].join(' · ');
}
