import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { databaseFile, openDatabase } from '#db/index.ts';
import { insertArticleSubmission } from '#db/article-submissions.ts';
import { insertContactMessage } from '#db/contact-messages.ts';

const run = promisify(execFile);
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');

function seededDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'submissions-cli-'));
  const db = openDatabase(databaseFile(dir));
  insertContactMessage(db, { name: 'Asha', email: 'asha@example.in', message: 'Audit please' });
  insertArticleSubmission(db, { title: 'Core updates', author: 'Rohan', email: 'rohan@example.in', content: 'Text' });
  db.close();
  return dir;
}

function cli(args: string[], dataDir: string) {
  return run(tsx, ['scripts/submissions.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir } });
}

test('--json prints both lists from the DATA_DIR database', async () => {
  const dir = seededDataDir();
  try {
    const { stdout } = await cli(['--json'], dir);
    const report = JSON.parse(stdout);
    expect(report.contact).toMatchObject([{ name: 'Asha', email: 'asha@example.in', message: 'Audit please' }]);
    expect(report.articles).toMatchObject([{ title: 'Core updates', author: 'Rohan', status: 'pending' }]);
    expect(report.articles[0].createdAt).toBeTruthy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without flags prints tables', async () => {
  const dir = seededDataDir();
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
    const db = openDatabase(databaseFile(dir));
    db.transaction(() => {
      for (let i = 1; i <= 1500; i += 1)
        insertContactMessage(db, { name: `Lead ${i}`, email: `lead${i}@example.in`, message: 'Hello' });
    })();
    db.close();
    const { stdout } = await cli(['--json'], dir);
    expect(JSON.parse(stdout).contact).toHaveLength(1500);
    const table = await cli([], dir);
    expect(table.stdout).toContain('Contact messages (1500), newest first');
    expect(table.stdout.split('\n').filter((line) => / lead\d+@example\.in /.test(line))).toHaveLength(1500);
    const piped = await run('sh', ['-c', `"${tsx}" scripts/submissions.ts | head -n 3`], {
      env: { ...process.env, DATA_DIR: dir },
    });
    expect(piped.stdout.split('\n')).toHaveLength(4);
    expect(piped.stderr).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
