// Preloaded into the server a bench starts (`node --import ./scripts/bench/lib/loop-delay.mjs`):
// measures the event loop's delay inside the process. SIGUSR2 starts a fresh measurement; on exit
// the figures (ms) are written to BENCH_LOOP_DELAY_FILE as JSON.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  process.on('SIGUSR2', () => histogram.reset());
  process.on('exit', () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    writeFileSync(
      file,
      JSON.stringify({
        max: ms(histogram.max),
        p99: ms(histogram.percentile(99)),
        p50: ms(histogram.percentile(50)),
        count: histogram.count,
      }),
    );
  });
}
