import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { insertContactMessage } from '#db/contact-messages.ts';
import { databaseFile, openDatabase } from '#db/index.ts';

const run = promisify(execFile);
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const { DATABASE_URL: _unset, ...inherited } = process.env;
const cli = (args: string[], dataDir: string, env: Record<string, string> = {}) =>
  run(tsx, ['scripts/backup.ts', ...args], { env: { ...inherited, DATA_DIR: dataDir, ...env } });

test('npm run backup writes a dated copy under DATA_DIR/backups, or the named file, and never overwrites', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-cli-'));
  try {
    const db = await openDatabase(databaseFile(dir));
    await insertContactMessage(db, { name: 'Asha', email: 'asha@example.in', message: 'Keep me safe' });
    const first = await cli([], dir);
    const [name] = readdirSync(join(dir, 'backups'));
    expect(name).toMatch(/^site-\d{8}-\d{6}\.db$/);
    expect(first.stdout).toMatch(
      new RegExp(
        `^Backed up ${databaseFile(dir)} to ${join(dir, 'backups', name!)} \\(\\d+ KB, \\d+ pages, integrity ok\\)\\n$`,
      ),
    );
    const copy = new Database(join(dir, 'backups', name!), { readonly: true });
    expect(copy.prepare('SELECT name, message FROM contact_messages').all()).toEqual([
      { name: 'Asha', message: 'Keep me safe' },
    ]);
    copy.close();
    await db.destroy();

    await cli([join(dir, 'named.db')], dir);
    await expect(cli([join(dir, 'named.db')], dir)).rejects.toMatchObject({
      code: 1,
      stderr: `${join(dir, 'named.db')} already exists; name a new file or a directory\n`,
    });
    await expect(cli([join(dir, 'no', 'such', 'dir', 'x.db')], dir)).rejects.toMatchObject({
      code: 1,
      stderr: `The directory ${join(dir, 'no', 'such', 'dir')} does not exist.\n`,
    });
    await expect(cli(['--force'], dir)).rejects.toMatchObject({ code: 2 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without a database it says where it looked', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'backup-empty-'));
  try {
    await expect(cli([], empty)).rejects.toMatchObject({
      code: 1,
      stderr: `No database at ${databaseFile(empty)}. Set DATA_DIR to the directory the server uses.\n`,
    });
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('with DATABASE_URL there is no file to copy: it says so, names pg_dump, and never prints the password', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'backup-pg-'));
  try {
    await expect(
      cli([], empty, { DATABASE_URL: 'postgres://site:s3cret@db.internal:5432/site' }),
    ).rejects.toMatchObject({
      code: 1,
      stderr:
        'DATABASE_URL is set: the data lives in PostgreSQL at db.internal:5432/site, not in a file to copy. Back it up with pg_dump.\n',
    });
    expect(readdirSync(empty)).toEqual([]);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
