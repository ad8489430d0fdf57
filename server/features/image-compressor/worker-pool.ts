import type { EncodedImage, EncodeOptions } from './compress.ts';
import { ImageCompressorError } from './errors.ts';
import type { EncodeReply, EncodeRequest } from './protocol.ts';

/** The part of a ChildProcess the pool uses; tests hand in fakes. */
export interface WorkerProcess {
  readonly pid?: number;
  send(message: EncodeRequest): boolean;
  kill(signal?: NodeJS.Signals): boolean;
  on(event: 'message', listener: (message: EncodeReply | { ready: true }) => void): this;
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
}

export interface WorkerPoolOptions {
  spawn: () => WorkerProcess;
  /** An idle worker exits after this long, so a quiet server holds no encoder memory. */
  idleMs: number;
  /** A worker that ran a job estimated above this many bytes is replaced: its heap may stay large. */
  recycleAboveBytes: number;
  /** Told about workers that died on their own (out of memory, crash). */
  onCrash?: (detail: { code: number | null; signal: NodeJS.Signals | null }) => void;
}

export interface EncodeJob {
  input: Buffer;
  options: EncodeOptions;
  estimatedBytes: number;
  /** Stop after this long: the worker is killed. */
  timeoutMs: number;
  /** The error the job fails with when timeoutMs passes (the encoder's budget or the request's deadline). */
  onTimeout: () => ImageCompressorError;
  /** Aborting (the client left) kills the worker at once. */
  signal?: AbortSignal;
}

export interface WorkerPool {
  /** Runs one job on an idle worker or a new one. Callers bound how many run at once (job-queue.ts). */
  encode(job: EncodeJob): Promise<EncodedImage>;
  stats(): { workers: number; busy: number; killed: number };
  close(): void;
}

interface Worker {
  process: WorkerProcess;
  ready: Promise<void>;
  busy: boolean;
  exited: boolean;
  idleTimer?: ReturnType<typeof setTimeout>;
  /** Set while a job runs: how the worker's reply and exit reach that job. */
  onReply?: (reply: EncodeReply) => void;
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
}

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const workers = new Set<Worker>();
  let nextId = 1;
  let killed = 0;

  function start(): Worker {
    const child = options.spawn();
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const worker: Worker = {
      process: child,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failReady = reject;
      }),
      busy: false,
      exited: false,
    };
    // A rejection nobody awaits yet (the worker died before its first job) must not crash the server.
    worker.ready.catch(() => undefined);
    child.on('message', (message) => {
      if ('ready' in message) markReady();
      else worker.onReply?.(message);
    });
    child.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      worker.exited = true;
      workers.delete(worker);
      clearTimeout(worker.idleTimer);
      failReady(new Error('encoder worker exited before it was ready'));
      if (worker.onExit) worker.onExit(code, signal);
    });
    workers.add(worker);
    return worker;
  }

  function stop(worker: Worker): void {
    workers.delete(worker);
    clearTimeout(worker.idleTimer);
    if (!worker.exited) {
      killed += 1;
      worker.process.kill('SIGKILL');
    }
  }

  function park(worker: Worker): void {
    worker.busy = false;
    worker.onReply = undefined;
    worker.onExit = undefined;
    worker.idleTimer = setTimeout(() => stop(worker), options.idleMs);
    worker.idleTimer.unref?.();
  }

  function encode(job: EncodeJob): Promise<EncodedImage> {
    if (job.signal?.aborted) return Promise.reject(new ImageCompressorError('cancelled', 'The request was cancelled.'));
    const idle = [...workers].find((candidate) => !candidate.busy && !candidate.exited);
    const worker = idle ?? start();
    worker.busy = true;
    clearTimeout(worker.idleTimer);
    const id = nextId++;

    return new Promise<EncodedImage>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void, keepWorker: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        job.signal?.removeEventListener('abort', onAbort);
        if (keepWorker && job.estimatedBytes <= options.recycleAboveBytes) park(worker);
        else stop(worker);
        outcome();
      };
      const timer = setTimeout(() => finish(() => reject(job.onTimeout()), false), job.timeoutMs);
      const onAbort = () =>
        finish(() => reject(new ImageCompressorError('cancelled', 'The request was cancelled.')), false);
      job.signal?.addEventListener('abort', onAbort, { once: true });
      worker.onExit = (code, signal) => {
        if (!settled) options.onCrash?.({ code, signal });
        finish(
          () =>
            reject(
              new ImageCompressorError(
                'encoder-failed',
                'The image could not be compressed: the encoder ran out of memory or failed.',
              ),
            ),
          false,
        );
      };
      worker.onReply = (message) => {
        if (message.id !== id) return;
        if (message.ok) {
          const data = Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength);
          finish(() => resolve({ data, format: message.format, width: message.width, height: message.height }), true);
        } else {
          // sharp's own timeout stops libvips cleanly; the worker is still fine to reuse.
          finish(() => reject(new ImageCompressorError(message.code, message.message)), true);
        }
      };
      worker.ready.then(
        () => {
          if (!settled) worker.process.send({ id, input: job.input, options: job.options });
        },
        () => undefined,
      );
    });
  }

  return {
    encode,
    stats: () => ({ workers: workers.size, busy: [...workers].filter((worker) => worker.busy).length, killed }),
    close: () => {
      for (const worker of [...workers]) stop(worker);
    },
  };
}
