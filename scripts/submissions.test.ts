import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { databaseFile, openDatabase, type Db } from '#db/index.ts';
import { insertArticleSubmission } from '#db/article-submissions.ts';
import { insertContactMessage } from '#db/contact-messages.ts';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { closeTestDatabase, openTestDatabase, testPostgresUrl } from '#test/helpers/databases.ts';

const run = promisify(execFile);
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');

async function seed(db: Db) {
  await insertContactMessage(db, { name: 'Asha', email: 'asha@example.in', message: 'Audit please' });
  await insertArticleSubmission(db, {
    title: 'Core updates',
    author: 'Rohan',
    email: 'rohan@example.in',
    content: 'Text',
  });
}

async function seededDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'submissions-cli-'));
  const db = await openDatabase(databaseFile(dir));
  await seed(db);
  await db.destroy();
  return dir;
}

/**
 * The command as the image runs it, built (dist/submissions.js, from this source: the tests' global setup builds
 * when a source changed). tsx would compile the source at every start, four times the CPU: on a busy machine the
 * tests that run it three or four times went past their time limit.
 */
function cli(args: string[], dataDir: string, env: Record<string, string> = {}) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  return run(process.execPath, ['dist/submissions.js', ...args], { env: { ...inherited, DATA_DIR: dataDir, ...env } });
}

/** `npm run submissions`: the source through tsx. */
function cliFromSource(args: string[], dataDir: string) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  return run(tsx, ['scripts/submissions.ts', ...args], { env: { ...inherited, DATA_DIR: dataDir } });
}

test('--json prints both lists from the DATA_DIR database (npm run submissions: the source through tsx)', async () => {
  const dir = await seededDataDir();
  try {
    const { stdout } = await cliFromSource(['--json'], dir);
    const report = JSON.parse(stdout);
    expect(report.contact).toMatchObject([{ name: 'Asha', email: 'asha@example.in', message: 'Audit please' }]);
    expect(report.articles).toMatchObject([{ title: 'Core updates', author: 'Rohan', status: 'pending' }]);
    expect(report.articles[0].createdAt).toBeTruthy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without flags prints tables', async () => {
  const dir = await seededDataDir();
  try {
    const { stdout } = await cli([], dir);
    expect(stdout).toContain('Contact messages (1), newest first');
    expect(stdout).toMatch(/Asha +asha@example\.in +Audit please/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing database and an unknown flag exit non-zero with a message', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'submissions-empty-'));
  try {
    await expect(cli([], empty)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No database at') });
    await expect(cli(['--csv'], empty)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown option: --csv'),
    });
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('prints every row past the old 1,000-row cap, and a reader closing the pipe early is not an error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'submissions-many-'));
  try {
    const db = await openDatabase(databaseFile(dir));
    await db.transaction().execute(async (trx) => {
      for (let i = 1; i <= 1500; i += 1)
        await insertContactMessage(trx, { name: `Lead ${i}`, email: `lead${i}@example.in`, message: 'Hello' });
    });
    await db.destroy();
    const { stdout } = await cli(['--json'], dir);
    expect(JSON.parse(stdout).contact).toHaveLength(1500);
    const table = await cli([], dir);
    expect(table.stdout).toContain('Contact messages (1500), newest first');
    expect(table.stdout.split('\n').filter((line) => / lead\d+@example\.in /.test(line))).toHaveLength(1500);
    const { DATABASE_URL: _unset, ...inherited } = process.env;
    const piped = await run('sh', ['-c', `"${process.execPath}" dist/submissions.js | head -n 3`], {
      env: { ...inherited, DATA_DIR: dir },
    });
    expect(piped.stdout.split('\n')).toHaveLength(4);
    expect(piped.stderr).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('with DATABASE_URL it reads PostgreSQL, not DATA_DIR; a server it cannot reach is one plain line', async () => {
  const db = await openTestDatabase('postgres');
  const empty = mkdtempSync(join(tmpdir(), 'submissions-pg-'));
  try {
    await seed(db);
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
    // The server's own address, with the test's schema as the search path.
    const url = new URL(testPostgresUrl());
    url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
    const { stdout } = await cli(['--json'], empty, { DATABASE_URL: url.toString() });
    const report = JSON.parse(stdout);
    expect(report.contact).toMatchObject([{ name: 'Asha', email: 'asha@example.in', message: 'Audit please' }]);
    expect(report.articles).toMatchObject([{ title: 'Core updates', author: 'Rohan', status: 'pending' }]);
    const table = await cli([], empty, { DATABASE_URL: url.toString() });
    expect(table.stdout).toContain('Contact messages (1), newest first');
    const port = await freeLoopbackPort();
    await expect(
      cli([], empty, { DATABASE_URL: `postgres://nobody:secret@127.0.0.1:${port}/site` }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^DATABASE_URL: could not use PostgreSQL at 127\.0\.0\.1:\d+\/site: [^\n]+\n$/),
    });
  } finally {
    await closeTestDatabase(db);
    rmSync(empty, { recursive: true, force: true });
  }
});
