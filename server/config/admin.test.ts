import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { loadConfig } from './index.ts';

test('no ADMIN_PASSWORD: no inbox; a password of 12 characters or more turns it on', () => {
  expect(loadConfig({}).admin).toBeNull();
  expect(loadConfig({ ADMIN_PASSWORD: 'twelve chars' }).admin).toEqual({ password: 'twelve chars' });
});

test('a short ADMIN_PASSWORD stops boot with one line naming it, without echoing the password', () => {
  const problems = problemsOf({ ADMIN_PASSWORD: 'hunter2hunt' });
  expect(problems).toEqual(['ADMIN_PASSWORD must be at least 12 characters (it has 11)']);
});
