import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { plantedCombinedLog } from '#test/fixtures/access-logs.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { logFilesCommand } from './log-files.ts';

describe.each(DIALECTS)('%s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function run(made: TestApp, argv: string[]) {
    let out = '';
    let err = '';
    const code = await logFilesCommand(argv, {
      config: made.config,
      // The app's own queue: its job threads read the log, as the server's would.
      openJobs: async () => ({ jobs: made.jobs, db: made.db, close: async () => undefined }),
      pollMs: 20,
      out: (text) => (out += text),
      err: (text) => (err += text),
    });
    return { code, out, err };
  }

  test('import reads a path on the box and a URL (gzip) into one log and prints where its results are', async () => {
    const site = await startLoopbackServer((_req, res) => res.end(gzipSync(plantedCombinedLog())));
    cleanups.push(site.close);
    const made = await createTestApp({ dialect, file: true, env: { FETCH_ALLOW_PRIVATE: site.hostPort } });
    cleanups.push(() => made.close());
    const dir = mkdtempSync(join(tmpdir(), 'log-import-'));
    writeFileSync(join(dir, 'access.log'), plantedCombinedLog());
    const { code, out, err } = await run(made, [
      'import',
      join(dir, 'access.log'),
      `${site.origin}/logs/access.log.gz`,
    ]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const id = /Queued as ([A-Za-z0-9_-]{22})\./.exec(out)![1]!;
    expect(out).toContain('36 lines, 4 not understood.\n');
    expect(out).toContain('  Googlebot Smartphone: 10 verified, 0 unverified\n');
    expect(out).toContain(`Results: https://example.test/log-file-analyser/${id}\n`);
    const view = await request(made.app).get(`/api/log-files/${id}`);
    expect(view.body.files).toEqual([
      { name: 'access.log', bytes: Buffer.byteLength(plantedCombinedLog()) },
      { name: 'access.log.gz', bytes: gzipSync(plantedCombinedLog()).length },
    ]);
  });

  test('bad arguments, a missing file and a file that is no log say so and exit non-zero', async () => {
    const made = await createTestApp({ dialect, file: true });
    cleanups.push(() => made.close());
    expect((await run(made, ['export', 'x'])).code).toBe(2);
    expect((await run(made, ['import'])).err).toMatch(/^Usage: npm run log-files -- import/);
    expect((await run(made, ['import', 'a.log', '--audit', 'nope'])).code).toBe(2);
    const missing = await run(made, ['import', '/nonexistent/access.log']);
    expect(missing).toMatchObject({ code: 1, err: expect.stringMatching(/ENOENT.*\/nonexistent\/access\.log/) });
    const dir = mkdtempSync(join(tmpdir(), 'log-import-'));
    writeFileSync(join(dir, 'notes.txt'), 'Just some notes.\nNothing else.\n');
    const prose = await run(made, ['import', join(dir, 'notes.txt')]);
    expect(prose).toEqual({
      code: 1,
      out: '',
      err: 'notes.txt is not an access log: none of its first lines is in a format the analyser reads (nginx or Apache combined or common, JSON lines, W3C extended).\n',
    });
  });
});
