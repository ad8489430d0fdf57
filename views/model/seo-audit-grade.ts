/**
 * The SEO audit's score and grade, from the 22 evaluated checks only (the page speed figure is
 * shown apart and does not count). Each check that is not a pass costs points by its priority, a
 * warning about half of a failure; the score is 100 minus the cost, never below 0. The page
 * documents these numbers (views/tools/seo-audit/Page.tsx), and the service computes with them.
 */
export type GradedPriority = 'High' | 'Medium' | 'Low';
export type GradedStatus = 'pass' | 'warning' | 'fail';
export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

/** Points a failed or warned check costs, by priority. */
export const CHECK_COST: Record<GradedPriority, { fail: number; warning: number }> = {
  High: { fail: 15, warning: 7 },
  Medium: { fail: 7, warning: 3 },
  Low: { fail: 3, warning: 1 },
};

/** Lowest score of each grade, best first; below the last band is F. */
export const GRADE_BANDS: ReadonlyArray<{ grade: Grade; min: number }> = [
  { grade: 'A', min: 90 },
  { grade: 'B', min: 80 },
  { grade: 'C', min: 70 },
  { grade: 'D', min: 60 },
  { grade: 'F', min: 0 },
];

export function gradeFor(score: number): Grade {
  return GRADE_BANDS.find((band) => score >= band.min)?.grade ?? 'F';
}

export function scoreChecks(checks: ReadonlyArray<{ status: GradedStatus; priority: GradedPriority }>): {
  score: number;
  grade: Grade;
} {
  const cost = checks.reduce(
    (sum, check) => sum + (check.status === 'pass' ? 0 : CHECK_COST[check.priority][check.status]),
    0,
  );
  const score = Math.max(0, 100 - cost);
  return { score, grade: gradeFor(score) };
}

const STATUS_ORDER: Record<GradedStatus, number> = { fail: 0, warning: 1, pass: 2 };
const PRIORITY_ORDER: Record<GradedPriority, number> = { High: 0, Medium: 1, Low: 2 };

/** Failures first, then warnings, then passes; within each, High priority first; otherwise the fixed order. */
export function byUrgency<T extends { status: GradedStatus; priority: GradedPriority }>(checks: readonly T[]): T[] {
  return checks
    .map((check, index) => ({ check, index }))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.check.status] - STATUS_ORDER[b.check.status] ||
        PRIORITY_ORDER[a.check.priority] - PRIORITY_ORDER[b.check.priority] ||
        a.index - b.index,
    )
    .map(({ check }) => check);
}
