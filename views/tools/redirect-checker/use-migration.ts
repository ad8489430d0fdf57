import { useRef, useState } from 'react';
import { ApiError, failureDetail, requestJson } from '#views/lib/request-json.ts';
import type { MigrationAgent, MigrationResult } from '#views/model/redirect-checker.ts';
import type { MigrationPair } from '#views/model/redirect-migration.ts';
import { MIGRATION_BATCH_ROWS } from './rules.ts';

export const MIGRATION_ENDPOINT = '/api/bulk-url-redirection/migration';
/** Spec 8's message for the redirect tool's failures. */
const FAILURE = 'Failed to process URLs';
/** A busy tool (503) or a spent quota (429) is waited out this long, a few times, before giving up. */
const BUSY_WAIT_MS = 30_000;
const BUSY_TRIES = 3;

export interface MigrationRun {
  running: boolean;
  /** Rows answered so far, and in all. */
  done: number;
  total: number;
  results: MigrationResult[];
  error: string;
  detail: string;
  /** Set while a busy answer is being waited out. */
  waiting: boolean;
  start(rows: MigrationPair[], userAgent?: MigrationAgent): Promise<void>;
  stop(): void;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Sends a migration list as consecutive batches of MIGRATION_BATCH_ROWS rows, one request at a time
 * (each answered within the server's per-request deadline), appending each batch's results as it
 * arrives. Stop ends the run after the request in flight is cancelled; what arrived is kept.
 */
export function useMigration(): MigrationRun {
  const [running, setRunning] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [done, setDone] = useState(0);
  const [total, setTotal] = useState(0);
  const [results, setResults] = useState<MigrationResult[]>([]);
  const [error, setError] = useState('');
  const [detail, setDetail] = useState('');
  const controller = useRef<AbortController | null>(null);

  async function send(batch: MigrationPair[], userAgent: MigrationAgent | undefined, signal: AbortSignal) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await requestJson<{ results: MigrationResult[] }>(
          MIGRATION_ENDPOINT,
          FAILURE,
          { rows: batch, ...(userAgent ? { userAgent } : {}) },
          { signal },
        );
      } catch (caught) {
        const busy = caught instanceof ApiError && (caught.status === 429 || caught.status === 503);
        if (!busy || attempt >= BUSY_TRIES || signal.aborted) throw caught;
        setWaiting(true);
        await pause(BUSY_WAIT_MS, signal);
        setWaiting(false);
      }
    }
  }

  async function start(rows: MigrationPair[], userAgent?: MigrationAgent) {
    if (running) return;
    const own = new AbortController();
    controller.current = own;
    setRunning(true);
    setResults([]);
    setDone(0);
    setTotal(rows.length);
    setError('');
    setDetail('');
    try {
      for (let index = 0; index < rows.length && !own.signal.aborted; index += MIGRATION_BATCH_ROWS) {
        const batch = rows.slice(index, index + MIGRATION_BATCH_ROWS);
        const data = await send(batch, userAgent, own.signal);
        setResults((previous) => [...previous, ...data.results]);
        setDone(index + batch.length);
      }
    } catch (caught) {
      if (!own.signal.aborted) {
        setError(FAILURE);
        setDetail(failureDetail(caught, FAILURE));
      }
    } finally {
      setWaiting(false);
      setRunning(false);
    }
  }

  return {
    running,
    waiting,
    done,
    total,
    results,
    error,
    detail,
    start,
    stop: () => controller.current?.abort(),
  };
}
