// Preloaded into the server a bench starts (`node --import ./scripts/bench/lib/loop-delay.mjs`):
// measures the event loop's delay inside the process. SIGUSR2 starts a fresh measurement; on exit
// the figures (ms) are written to BENCH_LOOP_DELAY_FILE as JSON. With BENCH_LOOP_DELAY_WINDOW set, the
// bench marks the window it measures instead: the first SIGUSR2 starts it, the next writes the figures
// since then (the server's shutdown is left out), and exit writes nothing.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const windowed = Boolean(process.env.BENCH_LOOP_DELAY_WINDOW);
  let marks = 0;
  histogram.enable();
  const write = () => {
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
  };
  process.on('SIGUSR2', () => {
    if (windowed && marks++ > 0) write();
    histogram.reset();
  });
  process.on('exit', () => {
    if (!windowed) write();
  });
}
