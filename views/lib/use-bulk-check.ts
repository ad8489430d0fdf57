import { useState } from 'react';
import { failureDetail, requestJson } from '#views/lib/request-json.ts';

export interface BulkCheck<Row> {
  busy: boolean;
  /** The spec's failure message, or the widget's own input message (`reject`); '' when none. */
  error: string;
  /** The server's reason for a failed request when it adds to `error` (failureDetail); '' otherwise. */
  detail: string;
  /** The last list's rows; null before the first answer and while a new list runs. */
  rows: Row[] | null;
  /** Posts `body` to the endpoint; the answer's `result` becomes `rows`. Ignored while busy. */
  submit: (body: unknown) => Promise<void>;
  /** Shows an input problem found before sending, in place of the last rows. */
  reject: (message: string) => void;
}

/**
 * The submit/busy/error/rows state of a bulk checker (redirect checker, index checker): both post a
 * list of URLs to their endpoint, answer `{result: Row[]}`, and on failure show the spec's message
 * with the server's reason as a detail line.
 */
export function useBulkCheck<Row>(endpoint: string, failureMessage: string): BulkCheck<Row> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [detail, setDetail] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);

  /** Clears the last rows and shows `message` (with `reason`), or nothing. */
  function show(message = '', reason = '') {
    setRows(null);
    setError(message);
    setDetail(reason);
  }

  async function submit(body: unknown) {
    if (busy) return;
    setBusy(true);
    show();
    try {
      const data = await requestJson<{ result: Row[] }>(endpoint, failureMessage, body);
      setRows(data.result);
    } catch (caught) {
      show(failureMessage, failureDetail(caught, failureMessage));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, detail, rows, submit, reject: (message) => show(message) };
}
