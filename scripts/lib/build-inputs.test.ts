import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
// @ts-expect-error plain ESM build helper without type declarations
import { buildIsCurrent, hashBuildInputs } from './build-inputs.mjs';

const INPUTS = ['server', 'views', 'package.json'];

/** A tiny project tree with a stamp written for its current inputs, as a finished build leaves it. */
function builtProject() {
  const root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
  mkdirSync(join(root, 'server/features/leads'), { recursive: true });
  mkdirSync(join(root, 'views'), { recursive: true });
  writeFileSync(join(root, 'server/app.ts'), 'export const app = 1;\n');
  writeFileSync(join(root, 'server/features/leads/contact-router.ts'), 'export const contact = 2;\n');
  writeFileSync(join(root, 'views/Page.tsx'), 'export const Page = 3;\n');
  writeFileSync(join(root, 'package.json'), '{}\n');
  const stamp = join(root, '.build-stamp');
  writeFileSync(stamp, hashBuildInputs(root, INPUTS));
  const current = (): boolean => buildIsCurrent(root, stamp, INPUTS);
  return { root, stamp, current };
}

test('an untouched tree is current, also when file times change', () => {
  const { root, current } = builtProject();
  expect(current()).toBe(true);
  const future = new Date(Date.UTC(2031, 0, 1));
  utimesSync(join(root, 'server/app.ts'), future, future);
  expect(current()).toBe(true);
});

test('a deleted file makes the build stale although nothing got newer', () => {
  const { root, current } = builtProject();
  rmSync(join(root, 'server/features/leads/contact-router.ts'));
  expect(current()).toBe(false);
});

test('a renamed file makes the build stale', () => {
  const { root, current } = builtProject();
  renameSync(join(root, 'views/Page.tsx'), join(root, 'views/Home.tsx'));
  expect(current()).toBe(false);
});

test('an edit restored with an old file time makes the build stale', () => {
  const { root, current } = builtProject();
  writeFileSync(join(root, 'server/app.ts'), 'export const app = 42;\n');
  const past = new Date(Date.UTC(2001, 0, 1));
  utimesSync(join(root, 'server/app.ts'), past, past);
  expect(current()).toBe(false);
});

test('a new file makes the build stale; a missing stamp is never current', () => {
  const { root, stamp, current } = builtProject();
  writeFileSync(join(root, 'views/Extra.tsx'), 'export {};\n');
  expect(current()).toBe(false);
  rmSync(stamp);
  expect(buildIsCurrent(root, stamp, INPUTS)).toBe(false);
});

test('moving bytes between a file name and its body changes the hash', () => {
  const a = mkdtempSync(join(tmpdir(), 'build-inputs-a-'));
  const b = mkdtempSync(join(tmpdir(), 'build-inputs-b-'));
  mkdirSync(join(a, 'server'));
  mkdirSync(join(b, 'server'));
  writeFileSync(join(a, 'server/ab'), 'c');
  writeFileSync(join(b, 'server/a'), 'bc');
  expect(hashBuildInputs(a, ['server'])).not.toBe(hashBuildInputs(b, ['server']));
});
