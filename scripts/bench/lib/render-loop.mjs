// Profiling aid (docs/decisions/0056, "Part 11"): the audit's renderer (no crawl, no server) renders the data
// fixture's 105 routes ROUNDS times on SLOTS warm slots and prints CPU-ms per page by process group; steadier than
// the whole bench for comparing two versions or browsers back to back (`CHROMIUM_PATH=…`), and `node --cpu-prof`
// around it profiles the job thread's share.
import { tsImport } from 'tsx/esm/api';
import { sampleCpuByGroup } from './proc.mjs';

const root = new URL('../../../', import.meta.url);
const { serveFixture } = await tsImport('./test/fixtures/crawl-site.ts', root.href);
const { dataSpaSite, dataSpaRoutes } = await tsImport('./test/fixtures/site-audit-data-spa-site.ts', root.href);
const { createSafeFetcher } = await tsImport('./server/lib/safe-fetch/index.ts', root.href);
const { createAuditRenderer } = await tsImport('./server/features/site-audit/render/renderer.ts', root.href);
const options = { posts: 25, items: 75 };
const served = await serveFixture(dataSpaSite(options));
const fetcher = createSafeFetcher({ allowPrivate: [served.hostPort], userAgent: 'render-loop' });
const slots = Number(process.env.SLOTS ?? 12);
const audit = createAuditRenderer({
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  fetcher,
  concurrency: slots,
  timeoutMs: 30_000,
  maxPageBytes: 4 * 1024 * 1024,
  memoryMb: 512,
});
const documents = [];
for (const route of dataSpaRoutes(options)) {
  const url = `http://${served.hostPort}${route}`;
  const response = await fetcher.fetch(url, {});
  documents.push({ url, status: response.status, headers: response.headers, body: response.body });
}
// Warm: one page per slot.
await Promise.all(documents.slice(0, slots).map((d) => audit.render(d)));
const cpu = sampleCpuByGroup(process.pid);
const started = performance.now();
let next = 0;
let titled = 0;
const rounds = Number(process.env.ROUNDS ?? 1);
const queue = Array.from({ length: rounds }, () => documents).flat();
await Promise.all(
  Array.from({ length: slots }, async () => {
    while (next < queue.length) {
      const page = await audit.render(queue[next++]);
      if (/<title>Data shop: /.test(page.html) && page.axe) titled += 1;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const groups = cpu.stop();
await audit.close();
await served.close();
const n = queue.length;
const total = Object.values(groups).reduce((s, g) => s + g.user + g.system, 0);
console.log(
  `pages ${n} titled ${titled} in ${seconds.toFixed(1)} s; CPU ${((1000 * total) / n).toFixed(1)} ms/page: ` +
    Object.entries(groups)
      .map(([k, g]) => `${k} ${((1000 * (g.user + g.system)) / n).toFixed(1)}`)
      .join(', '),
);
