import { expect, test } from 'vitest';
import { CONFIRM_TTL_MS, createTokens } from './tokens.ts';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const ID = 'a'.repeat(22);

test('a confirmation link holds for 24 hours to the millisecond, then is expired', () => {
  const tokens = createTokens('key');
  const token = tokens.issue(ID, 'confirm', T0);
  expect(tokens.check(token, 'confirm', T0 + CONFIRM_TTL_MS - 1)).toEqual({ ok: true, id: ID, purpose: 'confirm' });
  expect(tokens.check(token, 'confirm', T0 + CONFIRM_TTL_MS)).toEqual({ ok: false, reason: 'expired' });
});

test('manage and unsubscribe links do not expire, and each is good only for its own purpose', () => {
  const tokens = createTokens('key');
  const manage = tokens.issue(ID, 'manage', T0);
  const unsubscribe = tokens.issue(ID, 'unsubscribe', T0);
  expect(tokens.check(manage, 'manage', T0 + 10 * 365 * 86_400_000)).toMatchObject({ ok: true, id: ID });
  expect(tokens.check(unsubscribe, 'unsubscribe', T0 + 10 * 365 * 86_400_000)).toMatchObject({ ok: true, id: ID });
  expect(tokens.check(manage, 'unsubscribe', T0)).toEqual({ ok: false, reason: 'invalid' });
  expect(tokens.check(unsubscribe, 'manage', T0)).toEqual({ ok: false, reason: 'invalid' });
  expect(tokens.check(manage, 'confirm', T0)).toEqual({ ok: false, reason: 'invalid' });
});

test('a token signed with another key, altered, or malformed is invalid', () => {
  const tokens = createTokens('key');
  const other = createTokens('other key').issue(ID, 'manage', T0);
  expect(tokens.check(other, 'manage', T0)).toEqual({ ok: false, reason: 'invalid' });
  const [payload, signature] = tokens.issue(ID, 'manage', T0).split('.');
  const forged = Buffer.from(JSON.stringify({ id: 'b'.repeat(22), purpose: 'manage', exp: 0 })).toString('base64url');
  expect(tokens.check(`${forged}.${signature}`, 'manage', T0)).toEqual({ ok: false, reason: 'invalid' });
  for (const bad of ['', 'x', `${payload}`, `${payload}.${signature}.x`, `${payload}.`, '.'])
    expect(tokens.check(bad, 'manage', T0)).toEqual({ ok: false, reason: 'invalid' });
});
