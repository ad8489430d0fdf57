import { toCsv } from '#views/lib/csv.ts';
import type { MigrationAgent, MigrationCheck, MigrationResult } from '#views/model/redirect-checker.ts';
import { sameUrl } from '#views/model/redirect-migration.ts';
import { ruleNotes, type RulePair } from './server-rules.ts';

export const AGENT_LABELS: Record<MigrationAgent, string> = {
  'googlebot-smartphone': 'Googlebot',
  browser: 'Browser',
};

/** The redirect one check followed, in words: "Permanent", "Temporary", or "None" without a redirect. */
export function redirectKind(check: Pick<MigrationCheck, 'hops' | 'permanent'>): string {
  if (check.hops === 0) return 'None';
  return check.permanent ? 'Permanent' : 'Temporary';
}

/** What is wrong with one check, most important first; empty when it is as expected. */
export function checkProblems(check: MigrationCheck, from: string, to: string): string[] {
  if (check.error) return [check.error];
  const problems: string[] = [];
  if (check.hops === 0 && !sameUrl(from, to)) problems.push('Not redirected');
  else if (!sameUrl(check.finalUrl, to)) problems.push('Ends on a different URL');
  if (check.hops > 0 && !check.permanent) problems.push('Temporary redirect (use 301)');
  if (check.status !== null && check.status !== 200) problems.push(`Final status ${check.status}`);
  if (check.hops > 1) problems.push(`Chain of ${check.hops} redirects`);
  return problems;
}

/** A row's problems in one line; each agent named when Googlebot and the browser differ. */
export function rowProblems(result: MigrationResult): string {
  const lists = result.checks.map((check) => checkProblems(check, result.from, result.to).join('; '));
  if (lists.every((list) => list === lists[0])) return lists[0] ?? '';
  return result.checks
    .map((check, index) => `${AGENT_LABELS[check.userAgent]}: ${lists[index] || 'as expected'}`)
    .join(' · ');
}

/**
 * A row gets a server rule unless every check went from the old URL to the new one in a single
 * permanent redirect (a rule cannot fix a new page that answers 404; a chain it can shorten).
 */
export function needsRule(result: MigrationResult): boolean {
  if (sameUrl(result.from, result.to)) return false;
  return result.checks.some((check) => !(check.hops === 1 && check.permanent && sameUrl(check.finalUrl, result.to)));
}

const rulePair = (result: MigrationResult): RulePair => ({
  from: new URL(result.from).href,
  to: new URL(result.to).href,
});

export function rulePairs(results: readonly MigrationResult[]): RulePair[] {
  return results.filter(needsRule).map(rulePair);
}

/** For a row that needs a rule: why nginx or Apache gets none, or where its rule must go (server-rules.ts). */
export function rowRuleNotes(result: MigrationResult): string[] {
  return needsRule(result) ? ruleNotes(rulePair(result)) : [];
}

export interface MigrationSummary {
  rows: number;
  matching: number;
  notMatching: number;
  agentsDiffer: number;
  needRules: number;
}

export function summarizeMigration(results: readonly MigrationResult[]): MigrationSummary {
  return {
    rows: results.length,
    matching: results.filter((result) => result.matches).length,
    notMatching: results.filter((result) => !result.matches).length,
    agentsDiffer: results.filter((result) => result.agentsDiffer).length,
    needRules: results.filter(needsRule).length,
  };
}

/** "3 as expected · 2 not as expected · 1 where Googlebot and browsers differ" */
export function migrationSummaryText(summary: MigrationSummary): string {
  const parts = [`${summary.matching} as expected`, `${summary.notMatching} not as expected`];
  if (summary.agentsDiffer > 0) parts.push(`${summary.agentsDiffer} where Googlebot and browsers end up apart`);
  return parts.join(' · ');
}

const CHECK_COLUMNS = ['final URL', 'final status', 'hops', 'redirect'];

/** The whole result as CSV: both agents side by side, the verdict, and what is wrong. */
export function migrationToCsv(results: readonly MigrationResult[]): string {
  const agents: MigrationAgent[] = ['googlebot-smartphone', 'browser'];
  const header = [
    'Old URL',
    'New URL',
    'As expected',
    ...agents.flatMap((agent) => CHECK_COLUMNS.map((column) => `${AGENT_LABELS[agent]} ${column}`)),
    'Problem',
  ];
  const rows = results.map((result) => [
    result.from,
    result.to,
    result.matches ? 'Yes' : 'No',
    ...agents.flatMap((agent) => {
      const check = result.checks.find((candidate) => candidate.userAgent === agent);
      if (!check) return ['', '', '', ''];
      return [
        check.finalUrl,
        check.status ?? (check.state === 'timed-out' ? 'Timed out' : ''),
        check.hops,
        redirectKind(check),
      ];
    }),
    rowProblems(result),
  ]);
  return toCsv(header, rows);
}
