import { failureDetail, requestJson } from '#views/lib/request-json.ts';
import { useRequest } from '#views/lib/use-request.ts';

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
  const { busy, error, detail, result, run, reject } = useRequest<Row[]>((caught) => ({
    error: failureMessage,
    detail: failureDetail(caught, failureMessage),
  }));

  function submit(body: unknown) {
    return run(async () => (await requestJson<{ result: Row[] }>(endpoint, failureMessage, body)).result);
  }

  return { busy, error, detail, rows: result, submit, reject };
}
