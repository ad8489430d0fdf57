import { AXE_RULE_GROUPS } from '#views/model/site-audit-checks/accessibility.ts';
import { pageRule, type Finding, type Page, type Rule } from './context.ts';
import { perPageRule } from './page-experience.ts';

/*
 * Rules of the "accessibility" checks (catalogue: views/model/site-audit-checks/accessibility.ts): one
 * finding per page and issue type, listing the page's failing axe-core rules of that group with their
 * first failing element. Per-page rules (the seam with issue 34).
 */

const GROUPED = new Set(Object.values(AXE_RULE_GROUPS).flat());

type AxeEntry = NonNullable<NonNullable<Page['page']['render']>['axe']>[number];

function describe(entry: AxeEntry): string {
  const elements = `${entry.count} element${entry.count === 1 ? '' : 's'}`;
  return `${entry.rule}${entry.impact ? ` (${entry.impact})` : ''}: ${elements}, first ${entry.element}`;
}

function axeRule(matches: (rule: string) => boolean): (page: Page) => Finding | undefined {
  return (node) => {
    const failing = (node.page.render?.axe ?? []).filter((entry) => matches(entry.rule));
    return failing.length ? { url: node.url, detail: failing.map(describe).join(' | ') } : undefined;
  };
}

export const accessibilityRules: Record<string, Rule> = {
  ...Object.fromEntries(
    Object.entries(AXE_RULE_GROUPS).map(([type, rules]) => [
      type,
      pageRule(perPageRule(axeRule((rule) => rules.includes(rule)))),
    ]),
  ),
  'a11y-other': pageRule(perPageRule(axeRule((rule) => !GROUPED.has(rule)))),
};
