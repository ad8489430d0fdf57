import { expect, test } from 'vitest';
import { ISSUE_TYPES } from './site-audit.ts';

const FIXED_IDS = [
  'status-4xx',
  'status-5xx',
  'links-broken',
  'redirect-chain',
  'redirect-loop',
  'redirect-temporary',
  'title-missing',
  'title-duplicate',
  'title-too-long',
  'description-missing',
  'description-duplicate',
  'h1-missing',
  'h1-multiple',
  'canonical-to-non-200',
  'noindex-in-sitemap',
  'orphan',
  'not-in-sitemap',
  'thin-content',
  'duplicate-content',
  'img-alt-missing',
  'lang-missing',
  'viewport-missing',
  'deep-page',
  'structured-data-invalid',
  'internal-nofollow',
  'blocked-by-robots',
  'hreflang-invalid',
  'hreflang-missing-return',
  'slow-response',
];

test('at least 60 issue types, every fixed id among them, each with a unique id and all its words', () => {
  expect(ISSUE_TYPES.length).toBeGreaterThanOrEqual(60);
  const ids = ISSUE_TYPES.map((type) => type.type);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of FIXED_IDS) expect(ids).toContain(id);
  for (const type of ISSUE_TYPES) {
    expect(type.type).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(['error', 'warning', 'notice']).toContain(type.severity);
    for (const text of [type.title, type.description, type.howToFix]) expect(text.length).toBeGreaterThan(5);
  }
});
