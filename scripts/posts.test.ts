import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { databaseFile, openDatabase } from '#db/index.ts';
import { SAMPLE_POSTS_DIR } from '#db/posts.ts';

const run = promisify(execFile);
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');

function cli(args: string[], dataDir: string) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  return run(tsx, ['scripts/posts.ts', ...args], { env: { ...inherited, DATA_DIR: dataDir } });
}

/** A data folder with the server's database in it (the CLI, like the server's other commands, opens an existing one). */
async function dataFolder(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'posts-cli-'));
  await (await openDatabase(databaseFile(dir))).destroy();
  return dir;
}

/** Every Markdown file below a folder, by file name (export writes `<category>/<slug>.md`). */
function filesIn(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .map((name) => [name.split('/').at(-1)!, readFileSync(join(dir, name), 'utf8')]),
  );
}

test('import then export of the shipped posts round-trips: the same files, byte for byte', async () => {
  const dataDir = await dataFolder();
  const imported = await cli(['import', SAMPLE_POSTS_DIR], dataDir);
  expect(imported.stdout).toBe('Imported 7 posts: 0 new, 7 updated\n');
  const out = mkdtempSync(join(tmpdir(), 'posts-export-'));
  const exported = await cli(['export', out], dataDir);
  expect(exported.stdout).toMatch(/^Exported 7 posts to /);
  expect(readdirSync(out).sort()).toEqual(['google-core-updates', 'seo-guides']);
  expect(filesIn(out)).toEqual(filesIn(SAMPLE_POSTS_DIR));
}, 60_000);

test('an edited file imports as an update; a broken one is refused with its name and nothing is half-written', async () => {
  const dataDir = await dataFolder();
  const src = mkdtempSync(join(tmpdir(), 'posts-src-'));
  const original = readFileSync(join(SAMPLE_POSTS_DIR, 'core-web-vitals.md'), 'utf8');
  writeFileSync(
    join(src, 'core-web-vitals.md'),
    original.replace('title: Core Web Vitals explained', 'title: Core Web Vitals, revised'),
  );
  expect((await cli(['import', src], dataDir)).stdout).toBe('Imported 1 posts: 0 new, 1 updated\n');
  writeFileSync(join(src, 'zz-broken.md'), '---\ntitle: x\n---\nbody');
  await expect(cli(['import', src], dataDir)).rejects.toMatchObject({
    stderr: 'zz-broken.md: slug: Invalid input: expected string, received undefined\n',
  });
  const out = mkdtempSync(join(tmpdir(), 'posts-export-'));
  await cli(['export', out], dataDir);
  expect(readFileSync(join(out, 'seo-guides', 'core-web-vitals.md'), 'utf8')).toContain(
    'title: Core Web Vitals, revised',
  );
  await expect(cli(['publish'], dataDir)).rejects.toMatchObject({
    stderr: 'Usage: npm run posts -- export DIR | import DIR\n',
  });
}, 60_000);
