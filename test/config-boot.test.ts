import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { operatorProfilePath } from '#test/helpers/business.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

/** Runs the built server with `env` until it exits or logs that it is listening. */
function boot(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnOwned(process.execPath, ['dist/server.js'], {
    // Only what the test gives: a variable set in the developer's shell must not change the outcome.
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'config-boot-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk;
    if (stdout.includes('"msg":"listening on')) child.kill('SIGTERM');
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

test('bad variables stop the server with one plain line each and exit code 1', async () => {
  const result = await boot({ SITEMAP_MAX_PAGES: 'abc', TRUST_PROXY: 'true', PORT: '99999', LLM_API_KEY: 'k' });
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.split('\n')).toEqual([
    'PORT must be a port number from 0 to 65535 (got "99999")',
    expect.stringMatching(/^TRUST_PROXY must not be true: trusting every hop .+ \(got "true"\)$/),
    'SITEMAP_MAX_PAGES must be a whole number ≥ 1 (got "abc")',
    'LLM_BASE_URL must be set too: LLM_BASE_URL, LLM_API_KEY and LLM_MODEL go together',
    'LLM_MODEL must be set too: LLM_BASE_URL, LLM_API_KEY and LLM_MODEL go together',
    '',
  ]);
});

test('FETCH_ALLOW_PRIVATE in production boots with a warning naming each allowed target', async () => {
  const result = await boot({
    NODE_ENV: 'production',
    SITE_URL: 'https://seo.example.in',
    SITE_PROFILE: operatorProfilePath,
    NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/leads',
    FETCH_ALLOW_PRIVATE: '127.0.0.1:4000,localhost:5000',
    LOG_LEVEL: 'info',
  });
  expect(result.code).toBe(0);
  expect(result.stderr).toBe('');
  const warnings = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level === 40);
  expect(warnings.map((entry) => entry.msg)).toEqual([
    'FETCH_ALLOW_PRIVATE is set in production: the guarded fetcher may reach these private targets: 127.0.0.1:4000, localhost:5000',
  ]);
});

test('production without SITE_URL stops with one plain line naming SITE_URL', async () => {
  const result = await boot({ NODE_ENV: 'production', SITE_PROFILE: operatorProfilePath });
  expect(result).toEqual({
    code: 1,
    stdout: '',
    stderr:
      'SITE_URL must be set when NODE_ENV=production: the public origin of the site, such as https://www.example.com\n',
  });
  const relative = await boot({
    NODE_ENV: 'production',
    SITE_URL: 'seo.example.in',
    SITE_PROFILE: operatorProfilePath,
  });
  expect([relative.code, relative.stderr]).toEqual([
    1,
    'SITE_URL must be an absolute http(s) URL such as https://www.example.com (got "seo.example.in")\n',
  ]);
});

test('a bad profile stops boot with one plain line naming the file and the field', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'profile-boot-'));
  const file = join(dir, 'profile.json');
  const profile = JSON.parse(readFileSync(operatorProfilePath, 'utf8')) as { address: Record<string, string> };
  delete profile.address.postalCode;
  writeFileSync(file, JSON.stringify(profile));
  const result = await boot({ NODE_ENV: 'production', SITE_URL: 'https://seo.example.in', SITE_PROFILE: file });
  expect(result).toEqual({ code: 1, stdout: '', stderr: `SITE_PROFILE ${file}: address.postalCode is required\n` });
});

test('a profile time zone that is not an IANA name stops boot, naming the field and an example', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'profile-boot-'));
  const file = join(dir, 'profile.json');
  const profile = JSON.parse(readFileSync(operatorProfilePath, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...profile, timeZone: 'Asia/Delhi' }));
  const result = await boot({ NODE_ENV: 'production', SITE_URL: 'https://seo.example.in', SITE_PROFILE: file });
  expect(result).toEqual({
    code: 1,
    stdout: '',
    stderr: `SITE_PROFILE ${file}: timeZone must be an IANA time zone name such as "Asia/Kolkata" or "Europe/London"\n`,
  });
});

test('with no webhook and no SMTP, boot says in one line that leads go nowhere but the inbox', async () => {
  const result = await boot({
    NODE_ENV: 'production',
    SITE_URL: 'https://seo.example.in',
    SITE_PROFILE: operatorProfilePath,
    LOG_LEVEL: 'info',
  });
  expect(result.code).toBe(0);
  const lines = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string });
  expect(
    lines.filter((entry) => /^leads are not delivered/.test(entry.msg)).map((entry) => [entry.level, entry.msg]),
  ).toEqual([
    [
      40,
      'leads are not delivered anywhere but the inbox: contact messages and article submissions are stored only; set NOTIFY_WEBHOOK_URL and/or SMTP_URL with NOTIFY_EMAIL_TO to receive them',
    ],
  ]);
});

test('a DATABASE_URL that cannot be used stops the boot with one plain line naming it, never its password', async () => {
  const unreachable = await boot({ DATABASE_URL: 'postgres://site:s3cret-word@127.0.0.1:1/site' });
  expect(unreachable.code).toBe(1);
  expect(unreachable.stdout).not.toContain('s3cret-word');
  const lines = unreachable.stderr.split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^DATABASE_URL: could not use PostgreSQL at 127\.0\.0\.1:1\/site: .+/);
  expect(lines[1]).toBe('');
  expect(unreachable.stderr).not.toContain('s3cret-word');

  const notPostgres = await boot({ DATABASE_URL: 'mysql://site:s3cret-word@db/site' });
  expect(notPostgres.code).toBe(1);
  expect(notPostgres.stderr).toBe(
    'DATABASE_URL must be a PostgreSQL address such as postgres://user:password@db.internal:5432/site\n',
  );
});
