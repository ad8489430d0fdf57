import { useState } from 'react';

/** How a widget words a failed request: one line, or its own line with the server's reason apart. */
export type DescribeFailure = (caught: unknown) => string | { error: string; detail: string };

export interface RequestState<T> {
  /** True while a request runs; `run` ignores calls meanwhile. */
  busy: boolean;
  /** The failure as the widget words it, or an input problem (`reject`); '' when none. */
  error: string;
  /** A muted second line under the error (the server's reason), when the widget shows one; '' otherwise. */
  detail: string;
  /** The last answer; null before the first, while a new request runs, and after a failure. */
  result: T | null;
  /** Clears the last answer and error, runs `work`, and keeps what it returns or how it failed. */
  run: (work: () => Promise<T>) => Promise<void>;
  /** Shows an input problem found before sending, in place of the last answer. */
  reject: (message: string) => void;
}

/**
 * The busy/error/result state of a tool that sends one request at a time (the mobile test, the SEO
 * audit, the bulk checkers, the YouTube tag tools, the write-for-us form): one copy of the
 * try/catch/finally every such widget wrote for itself.
 */
export function useRequest<T>(describe: DescribeFailure): RequestState<T> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [detail, setDetail] = useState('');
  const [result, setResult] = useState<T | null>(null);

  /** Clears the last answer and shows `message` (with `reason`), or nothing. */
  function show(message = '', reason = '') {
    setResult(null);
    setError(message);
    setDetail(reason);
  }

  async function run(work: () => Promise<T>) {
    if (busy) return;
    setBusy(true);
    show();
    try {
      setResult(await work());
    } catch (caught) {
      const failure = describe(caught);
      if (typeof failure === 'string') show(failure);
      else show(failure.error, failure.detail);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, detail, result, run, reject: (message) => show(message) };
}
