import { parentPort, workerData } from 'node:worker_threads';
import { pageFetchOptions } from '#server/lib/crawler/index.ts';
import { eventLoopSlicer } from '#server/lib/crawler/time-slice.ts';
import { createAppFetcher } from '#server/lib/safe-fetch/app-fetcher.ts';
import { readAnswer } from '../shared/answer.ts';
import type { FromReader, ReaderData, ToReader } from './protocol.ts';

/*
 * A reader thread (decision 0073): fetches the pages an audit's thread asks for through a guarded fetcher made
 * as the audit's own is (createAppFetcher with the site audit's page and kept-alive connections), reads each as
 * the audit's visitor would (shared/answer.ts), and posts the answer back. It keeps no state of the crawl: what
 * to fetch, when, and how many at once stay the audit's (its politeness, its frontier, its records).
 */

const port = parentPort!;
const data = workerData as ReaderData;
const fetcher = createAppFetcher(data.fetcher, '/site-audit', {
  keepAlive: true,
  ...(data.fetcher.stillClock ? { clock: () => 0 } : {}),
});
/** Reads in progress, by the audit's id for them: an abort stops its fetch. */
const reading = new Map<number, AbortController>();

port.on('message', (message: ToReader) => {
  if (message.type === 'abort') return reading.get(message.id)?.abort();
  const controller = new AbortController();
  reading.set(message.id, controller);
  void readAnswer(fetcher, message.url, message.request, pageFetchOptions(message.limits, controller.signal), () =>
    eventLoopSlicer.breathe(),
  ).then((answer) => {
    reading.delete(message.id);
    port.postMessage({ type: 'answer', id: message.id, answer } satisfies FromReader);
  });
});
