import type { Page } from 'playwright-core';
import {
  readPage as readSettledPage,
  SERIALISE_DOCUMENT,
  settleWatch,
  waitUntilSettled as settle,
  type BrowserRequests,
  type SettledRead,
} from '#server/lib/browser/settle.ts';
import type { CappedList } from './render-job.ts';
import { FIND_UNCRAWLABLE } from './uncrawlable.ts';

/*
 * The site audit's read of a settled page (the settle itself: server/lib/browser/settle.ts, docs/decisions/0056):
 * its DOM serialised in the same call that finds the page quiet, and the links in it a crawler cannot follow.
 */

/** What is read of a settled page: its DOM serialised, and the links in it a crawler cannot follow. */
export interface PageRead extends SettledRead {
  html: string;
  uncrawlable: CappedList;
}

/** The settle's init script, reading the DOM and the uncrawlable links (uncrawlable.ts). */
export const SETTLE_WATCH = settleWatch({ reads: { html: SERIALISE_DOCUMENT, uncrawlable: FIND_UNCRAWLABLE } });

/** Waits until the page has settled, at most `waitMs` (server/lib/browser/settle.ts), and answers its read. */
export const waitUntilSettled = (
  page: Page,
  requests: BrowserRequests,
  waitMs: number,
): Promise<{ read?: PageRead; unsettled?: string }> => settle<PageRead>(page, requests, waitMs);

/** Reads the page as it is (one the settle did not read): its DOM and uncrawlable links, or only its DOM without the watch. */
export const readPage = (page: Page): Promise<PageRead> =>
  readSettledPage<PageRead>(page, `() => ({ html: (${SERIALISE_DOCUMENT})(), uncrawlable: { count: 0, first: [] } })`);
