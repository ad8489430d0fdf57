import type { Config } from '#server/config/index.ts';
import type { ReadAnswer, ReadRequest } from '../shared/answer.ts';

/*
 * The messages between an audit's thread and its reader threads (decision 0073): the audit asks for a page
 * with how to read it, the reader answers with the page's head and its body as read (shared/answer.ts, the
 * same answer a shared audit's part stores), or is told a read is no longer wanted.
 */

/** What a reader thread starts with: what its guarded fetcher is made of (the audit's own, made the same way). */
export interface ReaderData {
  fetcher: Pick<Config, 'fetchAllowPrivate' | 'siteUrl'> & {
    /** Every timing 0 (a test's audit whose own fetcher runs on a clock that never moves). */
    stillClock?: boolean;
  };
}

export type ToReader =
  | {
      type: 'read';
      id: number;
      url: string;
      request: ReadRequest;
      limits: { pageTimeoutMs: number; maxPageBytes: number };
    }
  | { type: 'abort'; id: number };

export interface FromReader {
  type: 'answer';
  id: number;
  answer: ReadAnswer;
}
