import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { loadStaticFiles, publicDir } from './assets.ts';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
  );
}

test('the build publishes no source maps: no .map file and no sourceMappingURL comment in served code', () => {
  const files = walk(publicDir);
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(10);
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  for (const file of files.filter((name) => /\.(js|css)$/.test(name))) {
    expect(readFileSync(file, 'utf8'), file).not.toMatch(/sourceMappingURL/);
  }
});

test('a stray .map under the public folder is never served', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assets-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'entry-abc.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'entry-abc.js.map'), '{"sources":["server/secret.ts"]}');
  expect([...loadStaticFiles(dir).keys()]).toEqual(['/assets/entry-abc.js']);
});

test('asking for the map of a served script is a 404', async () => {
  const { app } = await createTestApp();
  const script = /<script type="module" src="(\/assets\/shell-[^"]+\.js)"/.exec(
    (await request(app).get('/')).text,
  )?.[1];
  expect(script).toBeTruthy();
  expect((await request(app).get(script!)).status).toBe(200);
  expect((await request(app).get(`${script}.map`)).status).toBe(404);
});
