import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { WorkerProcess } from './worker-pool.ts';

/*
 * Where the encoder worker's code is: next to this file when running from source (tests, tsx), or
 * `image-worker.js` beside the server bundle (scripts/build.mjs builds both into dist/).
 */
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = fileURLToPath(new URL(fromSource ? './worker.ts' : './image-worker.js', import.meta.url));

/** Starts one encoder worker process. */
export function spawnEncoderWorker(): WorkerProcess {
  const child = fork(workerFile, [], {
    // Buffers cross as Uint8Array instead of JSON arrays of numbers.
    serialization: 'advanced',
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    // libvips prints its warnings on stderr, which is ignored; results and errors come back over IPC.
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  // The server's event loop must not wait for an idle encoder (tests, shutdown).
  child.unref();
  child.channel?.unref();
  return child as unknown as WorkerProcess;
}
