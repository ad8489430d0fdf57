import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// The Docker image has dist/ and production node_modules only: the command must run from there with plain node.
test('the built link checker runs with plain node and checks its options first', () => {
  const env = { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'checker-')), NODE_ENV: 'production' };
  const help = spawnSync(process.execPath, ['dist/directories-check.js', '--help'], { env, encoding: 'utf8' });
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('Usage: npm run directories:check [-- --concurrency=N]');
  const bad = spawnSync(process.execPath, ['dist/directories-check.js', '--concurrency=0'], { env, encoding: 'utf8' });
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('Unknown option: --concurrency=0');
});
