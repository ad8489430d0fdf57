// `npm run bench -- leads` (issue 32): how long a lead takes from the form's answer to the operator's
// webhook, on the built server with its embedded queue (the README promises "within a second").
// LEADS (20) contact messages are posted one after another, each from its own address (the form's
// per-IP limit), to a server whose NOTIFY_WEBHOOK_URL is a loopback receiver; measured: the time from
// each 201 to the webhook's arrival. The first lead of a fresh server is printed apart (it may start
// the delivery's job thread); the goal is the others' max ≤ 1000 ms. `SERVER=path/to/server.js`
// measures another build (the one before a change).
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { startBuiltServer } from './lib/server.mjs';

const LEADS = Number(process.env.LEADS ?? 20);
const serverScript = process.env.SERVER ?? 'dist/server.js';

if (!existsSync(serverScript)) {
  console.error(`No build found at ${serverScript}: run \`npm run build\` first.`);
  process.exit(1);
}

/** A webhook receiver: `next()` resolves with the arrival time of the next lead's POST. */
async function startReceiver() {
  const waiting = [];
  const arrived = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204).end();
      const at = performance.now();
      const waiter = waiting.shift();
      if (waiter) waiter(at);
      else arrived.push(at);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/leads`,
    next: () => (arrived.length ? Promise.resolve(arrived.shift()) : new Promise((resolve) => waiting.push(resolve))),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const receiver = await startReceiver();
const server = await startBuiltServer(
  { NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: 'bench', TRUST_PROXY: 'loopback' },
  [],
  undefined,
  serverScript,
);
let ok;
try {
  const latencies = [];
  for (let i = 0; i < LEADS; i += 1) {
    const arrival = receiver.next();
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
      body: JSON.stringify({ name: `Lead ${i}`, email: `lead${i}@example.in`, message: 'Please call about SEO.' }),
    });
    const answered = performance.now();
    if (res.status !== 201) throw new Error(`POST /api/contact answered ${res.status}`);
    latencies.push((await arrival) - answered);
  }
  const [first, ...rest] = latencies;
  rest.sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`${LEADS} leads, one at a time, to a loopback webhook (${serverScript})`);
  console.log(`first lead: ${ms(first)} from the form's answer to the webhook`);
  console.log(
    `the others: p50 ${ms(rest[Math.floor(rest.length / 2)])}, max ${ms(rest.at(-1))} (goal: max <= 1000 ms)`,
  );
  ok = rest.at(-1) <= 1000;
} finally {
  await server.stop();
  await receiver.close();
}
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
