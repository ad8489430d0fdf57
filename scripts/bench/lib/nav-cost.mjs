// Profiling aid (docs/decisions/0056, "Part 11"): CPU per same-site navigation by process group, twelve tabs of
// Chromium with the audit's launch flags navigating a trivial routed page again and again (no audit code).
// `CHROMIUM_PATH=… EXTRA='--flag …' ROUNDS=10 node scripts/bench/lib/nav-cost.mjs`: compare flags or binaries back to back.
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { sampleCpuByGroup } from './proc.mjs';

const root = new URL('../../../', import.meta.url);
const { rendererLaunchArgs } = await tsImport('./server/lib/browser/launch.ts', root.href);
const tabs = 12;
const rounds = Number(process.env.ROUNDS ?? 10);
const extra = (process.env.EXTRA ?? '').split(' ').filter(Boolean);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...rendererLaunchArgs(), `--renderer-process-limit=${tabs}`, ...extra],
});
const body = `<title>t</title><h1>x</h1><p>${'lorem ipsum '.repeat(50)}</p>
<script>setTimeout(() => { document.title = 'Loaded ' + location.pathname; document.body.append('more'); }, 50);</script>`;
const pages = [];
for (let i = 0; i < tabs; i += 1) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/*', (route) => route.fulfill({ body, contentType: 'text/html' }));
  const page = await context.newPage();
  await page.goto('http://a.test/0');
  pages.push(page);
}
const cpu = sampleCpuByGroup(process.pid);
await Promise.all(
  pages.map(async (page) => {
    for (let round = 1; round <= rounds; round += 1) {
      await page.goto(`http://a.test/${round}`);
      await page.waitForTimeout(120);
    }
  }),
);
const groups = cpu.stop();
const navigations = tabs * rounds;
console.log(
  `${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} ${extra.join(' ')}: CPU-ms per navigation: ` +
    Object.entries(groups)
      .map(([name, group]) => `${name} ${((1000 * (group.user + group.system)) / navigations).toFixed(1)}`)
      .join(', '),
);
await browser.close();
