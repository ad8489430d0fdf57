import type { DatabaseAddress } from '#db/index.ts';

/*
 * What the store checks' thread (decision 0074) starts with and answers: the audit's crawl store, and
 * whether every check's findings are written.
 */

export interface ChecksData {
  database: DatabaseAddress;
  auditId: string;
}

export type FromChecks = { type: 'done' } | { type: 'failed'; message: string };
