// Image compressor throughput: POST /api/image-compressor/compress on 12-megapixel JPEGs against the
// built server, versus the same sharp pipeline called directly in this process (goal: ratio >= 0.9),
// then the peak RSS of the server and its encoder workers while 8 uploads run at once. The server
// encodes in child processes (docs/decisions/0017), so CPU and memory are summed over the tree. Loopback only. Both wall-clock throughput
// and CPU seconds per image are reported: on a shared machine only the latter is stable.
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { photoJpeg } from './lib/photo.mjs';
import { sampleRss, treeCpuSeconds, treeRssKib } from './lib/proc.mjs';
import { startBuiltServer } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_IMAGE_ROUNDS ?? 4);
const BLOCKS = Number(process.env.BENCH_IMAGE_BLOCKS ?? 3);
const CONCURRENCY = availableParallelism();
const QUALITY = 70;

/** Runs `task` ROUNDS times with CONCURRENCY in flight; returns the seconds it took. */
async function timed(task) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ROUNDS) {
        next++;
        await task();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function upload(base, image) {
  const form = new FormData();
  form.append('image', new Blob([image], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('quality', String(QUALITY));
  const response = await fetch(`${base}/api/image-compressor/compress`, { method: 'POST', body: form });
  const body = await response.json();
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${body.error}`);
  return body;
}

const image = await photoJpeg(4000, 3000);
console.log(
  `input: 4000×3000 JPEG, ${(image.length / 1024 / 1024).toFixed(2)} MB; ${BLOCKS}×${ROUNDS} jobs per side, ${CONCURRENCY} at a time, quality ${QUALITY}`,
);

// The service's pipeline for a JPEG: auto-orient, mozjpeg at the requested quality, metadata dropped.
sharp.cache(false);
const direct = () =>
  sharp(image, { limitInputPixels: 50_000_000 }).autoOrient().jpeg({ quality: QUALITY, mozjpeg: true }).toBuffer();
await direct();

// One loopback client sends everything here, so the per-IP caps are lifted for the bench.
const benchEnv = { IMAGE_JOBS_PER_IP: '100', IMAGE_RATE_LIMIT: '100000' };
const server = await startBuiltServer(benchEnv);
try {
  await upload(server.url, image);
  // Alternate blocks so a change in machine load hits both sides alike.
  let directSeconds = 0;
  let endpointSeconds = 0;
  let directCpu = 0;
  let serverCpu = 0;
  for (let block = 0; block < BLOCKS; block++) {
    const cpuBefore = process.cpuUsage();
    directSeconds += await timed(direct);
    const cpuUsed = process.cpuUsage(cpuBefore);
    directCpu += (cpuUsed.user + cpuUsed.system) / 1e6;
    const serverBefore = treeCpuSeconds(server.pid);
    endpointSeconds += await timed(() => upload(server.url, image));
    serverCpu += treeCpuSeconds(server.pid) - serverBefore;
  }
  const directRate = (BLOCKS * ROUNDS) / directSeconds;
  const endpointRate = (BLOCKS * ROUNDS) / endpointSeconds;
  const ratio = endpointRate / directRate;
  console.log(`sharp direct: ${directRate.toFixed(2)} images/s`);
  console.log(`endpoint:     ${endpointRate.toFixed(2)} images/s`);
  console.log(`ratio:        ${ratio.toFixed(3)} (goal >= 0.9) ${ratio >= 0.9 ? 'OK' : 'BELOW GOAL'}`);
  // Wall-clock rates swing when other processes share the cores; CPU seconds per image do not.
  const cpuRatio = directCpu / serverCpu;
  console.log(
    `cpu per image: direct ${(directCpu / (BLOCKS * ROUNDS)).toFixed(2)} s, server ${(serverCpu / (BLOCKS * ROUNDS)).toFixed(2)} s; ratio ${cpuRatio.toFixed(3)} (goal >= 0.9) ${cpuRatio >= 0.9 ? 'OK' : 'BELOW GOAL'}`,
  );
} finally {
  await server.stop();
}

// Fresh server so VmHWM (peak resident set) covers only the 8 concurrent uploads.
const fresh = await startBuiltServer(benchEnv);
try {
  const idle = treeRssKib(fresh.pid);
  const sampler = sampleRss(fresh.pid);
  const results = await Promise.all(Array.from({ length: 8 }, () => upload(fresh.url, image)));
  const peak = sampler.stop();
  console.log(
    `8 concurrent uploads: all ${results.length} compressed; RSS idle ${(idle / 1024).toFixed(0)} MB, peak ${peak.peakTreeMb} MB with workers (server process alone ${peak.peakServerMb} MB)`,
  );
} finally {
  await fresh.stop();
}
