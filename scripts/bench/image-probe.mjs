// Issue 15 finding 1, re-run as a probe against the built server: the uploads that exhausted the old
// image compressor, with the time to each answer and the peak memory of the server and its encoder
// workers (sampled every 50 ms). Loopback only; every request is bounded and the probe stops itself.
//   1. a 49-megapixel JPEG asking for AVIF (before: no answer in 120 s, 2.0 GB RSS);
//   2. 18 of the largest AVIF jobs still allowed (16 MP) at once, from 18 "clients";
//   3. the same 18 abandoned by their clients after 1 s: how long until no encoder is left running.
import { photoJpeg } from './lib/photo.mjs';
import { childPids, sampleRss, treeRssKib } from './lib/proc.mjs';
import { startBuiltServer } from './lib/server.mjs';

async function send(base, image, { format = 'avif', forwardedFor, signal } = {}) {
  const form = new FormData();
  form.append('format', format);
  form.append('image', new Blob([image], { type: 'image/jpeg' }), 'probe.jpg');
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/image-compressor/compress`, {
      method: 'POST',
      body: form,
      signal,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    const body = await response.json();
    return {
      status: response.status,
      seconds: (performance.now() - started) / 1000,
      error: body.error,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    return { status: 'aborted', seconds: (performance.now() - started) / 1000, error: String(error) };
  }
}

const summary = (results) =>
  Object.entries(results.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');

const big = await photoJpeg(7000, 7000, 70);
const allowed = await photoJpeg(4000, 4000, 80);
console.log(
  `inputs: 49 MP JPEG ${(big.length / 1048576).toFixed(1)} MB; 16 MP JPEG ${(allowed.length / 1048576).toFixed(1)} MB`,
);

// TRUST_PROXY=loopback lets the probe speak for 18 different clients through X-Forwarded-For.
const server = await startBuiltServer({ TRUST_PROXY: 'loopback' });
try {
  const idle = treeRssKib(server.pid);
  let sampler = sampleRss(server.pid);
  const one = await send(server.url, big);
  let peak = sampler.stop();
  console.log(
    `1. 49 MP → AVIF: HTTP ${one.status} in ${one.seconds.toFixed(2)} s ("${one.error}"); RSS idle ${Math.round(idle / 1024)} MB, peak ${peak.peakTreeMb} MB (PSS ${peak.peakPssMb} MB)`,
  );

  sampler = sampleRss(server.pid);
  const many = await Promise.all(
    Array.from({ length: 18 }, (_, i) => send(server.url, allowed, { forwardedFor: `198.51.100.${i + 1}` })),
  );
  peak = sampler.stop();
  const slowest = Math.max(...many.map((r) => r.seconds));
  console.log(
    `2. 18 × 16 MP → AVIF at once: ${summary(many)}; slowest answer ${slowest.toFixed(1)} s (limit 30 s); peak RSS ${peak.peakTreeMb} MB with workers (PSS ${peak.peakPssMb} MB, ${peak.peakProcesses} processes at most), server alone ${peak.peakServerMb} MB`,
  );
  for (const r of many.filter((r) => r.status !== 200).slice(0, 2))
    console.log(`   e.g. ${r.status} after ${r.seconds.toFixed(1)} s, Retry-After ${r.retryAfter}: ${r.error}`);

  const controller = new AbortController();
  const abandoned = Array.from({ length: 18 }, (_, i) =>
    send(server.url, allowed, { forwardedFor: `203.0.113.${i + 1}`, signal: controller.signal }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const busyBefore = childPids(server.pid).length;
  const leftAt = performance.now();
  controller.abort();
  await Promise.all(abandoned);
  // Poll until no encoder worker is left (they are killed when their client goes away).
  while (childPids(server.pid).length > 0 && performance.now() - leftAt < 30_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  console.log(
    `3. 18 abandoned after 1 s: ${busyBefore} encoder worker(s) running then, none left ${((performance.now() - leftAt) / 1000).toFixed(2)} s after the clients left; RSS now ${Math.round(treeRssKib(server.pid) / 1024)} MB`,
  );
} finally {
  await server.stop();
}
