import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { untilListening } from '#test/helpers/processes.ts';
import { axeViolations, fileBrowser, openPage } from './browser.ts';

// Its own server, as `npm start` runs out of the box: no SITE_PROFILE, so the sample business and
// its notice on every page (the shared journey server runs as an operator's site).
const browser = fileBrowser();
let server: ChildProcess;
let origin = '';
const dataDir = mkdtempSync(join(tmpdir(), 'sample-notice-'));

beforeAll(async () => {
  const port = await freeLoopbackPort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['dist/server.js'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await untilListening(server);
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test.each([
  [1366, 900],
  [390, 844],
])(
  'sample mode at %i px: the notice tops the page inside a landmark, and axe (region on) finds nothing',
  async (width, height) => {
    for (const path of ['/', '/contact-me', '/no-such-page']) {
      const { page, problems } = await openPage(browser, `${origin}${path}`, { width, height });
      const where = `${path} ${width}px`;
      expect(await axeViolations(page), where).toEqual([]);
      const notice = page.getByRole('complementary', { name: 'Sample site' }).getByRole('note');
      expect(await notice.count(), where).toBe(1);
      expect(await notice.innerText(), where).toMatch(/^Sample business details: /);
      // Visible at the very top, above the header.
      const [box, header] = [await notice.boundingBox(), await page.locator('header.site-header').boundingBox()];
      expect(box?.y, where).toBe(0);
      expect(box!.y + box!.height, where).toBeLessThanOrEqual(header!.y);
      expect(problems, where).toEqual([]);
      await page.context().close();
    }
  },
);
