// Profiling aid (docs/decisions/0056, "Part 11"): CPU of launching the browser and opening N render slots (context,
// window, init scripts, a first page) by process group. `CHROMIUM_PATH=… N=12 node scripts/bench/lib/slot-cost.mjs`.
import { tsImport } from 'tsx/esm/api';
import { sampleCpuByGroup } from './proc.mjs';

const root = new URL('../../../', import.meta.url);
const { launchRendererChromium } = await tsImport('./server/lib/browser/launch.ts', root.href);
const { openRenderSlot } = await tsImport('./server/features/site-audit/render/page.ts', root.href);
const { createResourceCache } = await tsImport('./server/features/site-audit/render/cache.ts', root.href);
const { createSafeFetcher } = await tsImport('./server/lib/safe-fetch/index.ts', root.href);
const n = Number(process.env.N ?? 12);
const cpu0 = sampleCpuByGroup(process.pid);
const { browser } = await launchRendererChromium(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', '--bench-marker', n);
await new Promise((r) => setTimeout(r, 500));
const launch = cpu0.stop();
const cpu = sampleCpuByGroup(process.pid);
const fetcher = createSafeFetcher({ userAgent: 'x' });
const slots = [];
for (let i = 0; i < n; i += 1) slots.push(await openRenderSlot(browser, fetcher, createResourceCache(1e6)));
await Promise.all(slots.map((s) => s.page.goto('data:text/html,<title>x</title><p>hi')));
await new Promise((r) => setTimeout(r, 500));
const groups = cpu.stop();
await browser.close();
const fmt = (g) =>
  Object.entries(g)
    .map(([k, v]) => `${k} ${(1000 * (v.user + v.system)).toFixed(0)}`)
    .join(', ');
console.log(`launch: ${fmt(launch)} ms`);
console.log(
  `${n} slots: ${fmt(groups)} ms in all; per slot ${((Object.values(groups).reduce((s, v) => s + v.user + v.system, 0) * 1000) / n).toFixed(0)} ms`,
);
