import { expect, test } from 'vitest';
import type { MigrationCheck, MigrationResult } from '#views/model/redirect-checker.ts';
import {
  migrationSummaryText,
  migrationToCsv,
  needsRule,
  rowProblems,
  rowRuleNotes,
  rulePairs,
  summarizeMigration,
} from './migration.ts';

const check = (overrides: Partial<MigrationCheck>): MigrationCheck => ({
  userAgent: 'googlebot-smartphone',
  finalUrl: 'https://a.example/new',
  status: 200,
  hops: 1,
  permanent: true,
  matches: true,
  chain: [],
  state: 'checked',
  ...overrides,
});

function result(from: string, checks: MigrationCheck[], to = 'https://a.example/new'): MigrationResult {
  const [first] = checks;
  return {
    from,
    to,
    finalUrl: first.finalUrl,
    status: first.status,
    hops: first.hops,
    permanent: first.permanent,
    matches: checks.every((c) => c.matches),
    agentsDiffer: checks.some((c) => c.finalUrl !== first.finalUrl || c.hops !== first.hops),
    checks,
  };
}

const browser = (overrides: Partial<MigrationCheck>) => check({ userAgent: 'browser', ...overrides });

const RESULTS = [
  result('https://a.example/ok', [check({}), browser({})]),
  result('https://a.example/temp', [
    check({ permanent: false, matches: false }),
    browser({ permanent: false, matches: false }),
  ]),
  result('https://a.example/chain', [check({ hops: 2 }), browser({ hops: 2 })]),
  result('https://a.example/gone', [check({ status: 404, matches: false }), browser({ status: 404, matches: false })]),
  result('https://a.example/agent', [
    check({}),
    browser({ finalUrl: 'https://a.example/m/', permanent: false, matches: false }),
  ]),
  result('https://a.example/same', [
    check({ finalUrl: 'https://a.example/stay', hops: 0, permanent: false, matches: false }),
  ]),
  result('https://a.example/slow', [
    check({
      finalUrl: null,
      status: null,
      hops: 0,
      permanent: false,
      matches: false,
      state: 'timed-out',
      error: 'Not checked: time ran out.',
    }),
  ]),
];

test('the problems of a row, most important first; agents named when they differ', () => {
  expect(RESULTS.map(rowProblems)).toEqual([
    '',
    'Temporary redirect (use 301)',
    'Chain of 2 redirects',
    'Final status 404',
    'Googlebot: as expected · Browser: Ends on a different URL; Temporary redirect (use 301)',
    'Not redirected',
    'Not checked: time ran out.',
  ]);
});

test('rules are written for rows that are not one permanent redirect to the new URL; a 404 target needs no rule', () => {
  expect(RESULTS.map(needsRule)).toEqual([false, true, true, false, true, true, true]);
  expect(rulePairs(RESULTS.slice(0, 3))).toEqual([
    { from: 'https://a.example/temp', to: 'https://a.example/new' },
    { from: 'https://a.example/chain', to: 'https://a.example/new' },
  ]);
  expect(migrationSummaryText(summarizeMigration(RESULTS))).toBe(
    '2 as expected · 5 not as expected · 1 where Googlebot and browsers end up apart',
  );
});

test('the CSV export puts both agents side by side', () => {
  expect(migrationToCsv(RESULTS.slice(3)).split('\r\n')).toEqual([
    'Old URL,New URL,As expected,Googlebot final URL,Googlebot final status,Googlebot hops,Googlebot redirect,Browser final URL,Browser final status,Browser hops,Browser redirect,Problem',
    'https://a.example/gone,https://a.example/new,No,https://a.example/new,404,1,Permanent,https://a.example/new,404,1,Permanent,Final status 404',
    'https://a.example/agent,https://a.example/new,No,https://a.example/new,200,1,Permanent,https://a.example/m/,200,1,Temporary,Googlebot: as expected · Browser: Ends on a different URL; Temporary redirect (use 301)',
    'https://a.example/same,https://a.example/new,No,https://a.example/stay,200,0,None,,,,,Not redirected',
    'https://a.example/slow,https://a.example/new,No,,Timed out,0,None,,,,,Not checked: time ran out.',
    '',
  ]);
});

test('a row that needs a rule says when a server gets none, and why; rows that need none say nothing', () => {
  const notChecked = (from: string) =>
    result(from, [check({ hops: 0, permanent: false, matches: false, finalUrl: from })]);
  expect(rowRuleNotes(notChecked('https://a.example/a%2Fb'))).toEqual([
    'No Apache rule: Apache answers 404 to a path with an encoded slash (%2F) before any rule runs, unless the server sets AllowEncodedSlashes.',
  ]);
  expect(rowRuleNotes(notChecked('https://a.example/a%00b'))).toEqual([
    'No rule: nginx and Apache refuse this old URL before any rule runs: its path holds an encoded NUL, %00 (nginx answers 400, Apache 404).',
  ]);
  expect(rowRuleNotes(notChecked('https://a.example/plain'))).toEqual([]);
  // As expected: no rule, so nothing to say even about a URL no server could match.
  expect(rowRuleNotes(result('https://a.example/a%2Fb', [check({})]))).toEqual([]);
  expect(rulePairs([notChecked('https://a.example/a%2Fb')])).toEqual([
    { from: 'https://a.example/a%2Fb', to: 'https://a.example/new' },
  ]);
});
