import { expect, test } from 'vitest';
import { ISSUE_TYPES } from '#views/model/site-audit.ts';
import { RULES } from './index.ts';

/*
 * Every rule says what it reads (context.ts, `RuleKind`): the batched analysis (batched.ts) runs the page
 * and node rules over the store's batches, the site rules are left to SQL. A rule added to the catalogue
 * changes one of these lists or the count of page rules, so its kind is a choice someone made.
 */

const NODE_RULES = [
  'status-4xx',
  'status-5xx',
  'fetch-failed',
  'redirect-chain',
  'redirect-loop',
  'redirect-temporary',
  'redirect-broken',
  'slow-response',
  'blocked-by-robots',
  'orphan',
  'sitemap-non-200',
  'sitemap-blocked',
  'content-type-wrong',
  'resource-blocked-by-robots',
];

const SITE_RULES = [
  // Pages grouped by a value, or compared by MinHash bands.
  'title-duplicate',
  'description-duplicate',
  'h1-duplicate',
  'duplicate-content',
  'near-duplicate-content',
  // One finding for the site, counting the pages that lack a setting.
  'html-not-compressed',
  'hsts-missing',
  'nosniff-missing',
  'csp-missing',
  'referrer-policy-missing',
  // A target and every page that shows, loads, names or links to it.
  'img-large',
  'img-redirected',
  'js-broken',
  'css-broken',
  'js-redirected',
  'css-redirected',
  'js-too-large',
  'css-too-large',
  'canonical-target-no-links',
  'nofollow-inlinks-only',
  'redirect-no-inlinks',
  'external-broken',
  'external-redirected',
  'external-timeout',
  'external-unverified',
];

const AUDIT_RULES = ['sitemap-invalid', 'robots-txt-unreachable', 'robots-txt-invalid'];

const PAGE_RULE_COUNT = 135;

const ofKind = (kind: string) =>
  Object.entries(RULES)
    .filter(([, rule]) => rule.kind === kind)
    .map(([type]) => type)
    .sort();

test('every issue type has one rule, and every rule declares its kind', () => {
  expect(Object.keys(RULES).sort()).toEqual(ISSUE_TYPES.map((issue) => issue.type).sort());
  for (const [type, rule] of Object.entries(RULES))
    expect(['page', 'node', 'site', 'audit'], type).toContain(rule.kind);
});

test('the node, site and audit rules are these; the rest are page rules', () => {
  expect(ofKind('node')).toEqual([...NODE_RULES].sort());
  expect(ofKind('site')).toEqual([...SITE_RULES].sort());
  expect(ofKind('audit')).toEqual([...AUDIT_RULES].sort());
  expect(ofKind('page')).toHaveLength(PAGE_RULE_COUNT);
  expect(Object.keys(RULES)).toHaveLength(NODE_RULES.length + SITE_RULES.length + AUDIT_RULES.length + PAGE_RULE_COUNT);
});
