// `npm run bench -- mobile-test-memory`: the built server's rendered mobile test on hostile loopback pages
// (issue 22): a normal page, then one allocating 1 GB in array buffers and one building a 2,000,000-node DOM.
// Prints each answer and the peak memory of the server's process tree (the server plus its Chromium, from
// /proc every 50 ms): PSS, which splits shared pages between processes (what the tree costs the machine),
// and RSS summed per process (counts Chromium's shared libraries once per process). Goal: hostile pages
// answer 422 with the tree's peak PSS at most the normal page's + the budget + 128 MB (what a page can
// allocate between two reads of the memory watch).
import http from 'node:http';
import { existsSync } from 'node:fs';
import { treePssKib, treeRssKib } from './lib/proc.mjs';
import { startBuiltServer } from './lib/server.mjs';

const BUDGET_MB = Number(process.env.MOBILE_TEST_MEMORY_MB ?? 512);
const script = (code) =>
  `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body><p>Bench</p><script>${code}</script></body></html>`;
const PAGES = {
  '/normal':
    '<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body><h1>Normal</h1><p>A page.</p></body></html>',
  '/gigabyte': script(
    'const keep = []; for (let i = 0; i < 64; i += 1) keep.push(new Uint8Array(16 << 20).fill(7)); window.kept = keep;',
  ),
  '/huge-dom': script(
    'for (let i = 0; i < 2e6; i += 1) { const div = document.createElement("div"); div.textContent = "x"; document.body.append(div); }',
  ),
};

if (!existsSync('dist/server.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const site = http.createServer((req, res) => {
  const body = PAGES[req.url ?? '/'];
  if (body === undefined) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/html' }).end(body);
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const sitePort = site.address().port;
const server = await startBuiltServer({
  FETCH_ALLOW_PRIVATE: `127.0.0.1:${sitePort}`,
  MOBILE_TEST_MEMORY_MB: String(BUDGET_MB),
  MOBILE_TEST_TIMEOUT_MS: '30000',
});
let ok = true;
let normalPssMb = 0;
try {
  for (const path of Object.keys(PAGES)) {
    let peakKib = 0;
    let peakPssKib = 0;
    const timer = setInterval(() => {
      peakKib = Math.max(peakKib, treeRssKib(server.pid));
      peakPssKib = Math.max(peakPssKib, treePssKib(server.pid));
    }, 50);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/mobile-friendly-tester/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}${path}` }),
    });
    const body = await res.json();
    clearInterval(timer);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const peakMb = Math.round(peakKib / 1024);
    const peakPssMb = Math.round(peakPssKib / 1024);
    const expected = path === '/normal' ? 200 : 422;
    if (path === '/normal') normalPssMb = peakPssMb;
    ok &&= res.status === expected && peakPssMb <= normalPssMb + BUDGET_MB + 128;
    console.log(
      `${path.padEnd(10)} ${res.status} in ${seconds} s, peak tree PSS ${peakPssMb} MB, RSS ${peakMb} MB${body.error ? ` (${body.error})` : ''}`,
    );
  }
  console.log(
    `budget: MOBILE_TEST_MEMORY_MB=${BUDGET_MB}; goal: hostile pages 422 with peak PSS <= ${normalPssMb + BUDGET_MB + 128} MB`,
  );
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
  site.close();
}
