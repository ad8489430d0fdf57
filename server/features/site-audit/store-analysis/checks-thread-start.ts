import { Worker } from 'node:worker_threads';
import type { DatabaseAddress } from '#db/index.ts';
import type { ChecksData, FromChecks } from './checks-protocol.ts';

/*
 * The store's cross-page checks on a thread of their own (decision 0074): the analysis's second core. The
 * checks read the analysed graph and write their own issue types only, so they run while the audit's thread
 * evaluates the stored batches; the thread opens its own connection where the audit's was opened.
 */

/** Where the thread's code is: checks-source.mjs (tsx) from source, site-audit-checks.js beside the bundle. */
const fromSource = import.meta.url.endsWith('.ts');
const CHECKS_ENTRY = new URL(fromSource ? './checks-source.mjs' : './site-audit-checks.js', import.meta.url);

/** How an audit's store checks thread starts (the job knows both). */
export interface ChecksThreadSettings {
  /** Where the audit's database was opened: the thread opens its own connection there. */
  database: DatabaseAddress;
  /** The thread's heap ceiling (MB): the audit's thread's (SITE_AUDIT_HEAP_MB), where these checks ran before. */
  heapMb?: number;
}

export interface StoreChecksOptions extends ChecksThreadSettings {
  auditId: string;
  /** The audit's signal: a cancel ends the thread at once. */
  signal: AbortSignal | undefined;
  /** The thread's module (a test passes one that fails). */
  entry?: URL;
}

export interface StoreChecksRun {
  /** Settles when every check's findings are written; rejects when the thread failed or stopped first. */
  done: Promise<void>;
  /** Ends the thread (whatever it was doing): the analysis is over, failed or cancelled. */
  stop(): Promise<void>;
}

export function startStoreChecks(options: StoreChecksOptions): StoreChecksRun {
  const worker = new Worker(options.entry ?? CHECKS_ENTRY, {
    workerData: { database: options.database, auditId: options.auditId } satisfies ChecksData,
    ...(options.heapMb ? { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } } : {}),
  });
  // The audit's thread ends with its job whatever this thread does.
  worker.unref();
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromChecks) => {
      if (message.type === 'done') resolve();
      else reject(new Error(`The site audit's store checks failed: ${message.message}`));
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      reject(new Error(`The site audit's store checks stopped before they finished (exit code ${code}).`)),
    );
  });
  // Awaited by the analysis once its batches are done; a failure before then must not go unhandled.
  done.catch(() => undefined);
  // Every caller waits for the same end: the cancel's, then the analysis's own (a statement in progress ends first).
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      options.signal?.removeEventListener('abort', onAbort);
      await worker.terminate();
    })());
  const onAbort = () => void stop();
  if (options.signal?.aborted) void stop();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  return { done, stop };
}
