import { setIndexNowResult } from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import type { AppJobDeps } from '#server/job-deps.ts';
import { defineJob } from '#server/lib/jobs/index.ts';

/*
 * IndexNow pings (issue 27) as jobs: a save or delete in the editor enqueues one and returns; the
 * POST to the endpoint runs in a job thread through the guarded fetcher, is tried again when the
 * endpoint is busy or down (429, 5xx, no answer), and its outcome is recorded on the post for the
 * admin's list. A refusal (400, 403 key not valid, 422 URLs not of this host) is final.
 */

export const INDEXNOW_JOB = 'indexnow-ping';
/** Tries in all, and the wait between two. */
export const INDEXNOW_ATTEMPTS = 4;
export const INDEXNOW_BACKOFF_MS = 60_000;
/** IndexNow takes up to 10,000 URLs a ping; a post changes at most two addresses. */
const MAX_URLS = 10;

export interface IndexNowInput {
  postId: string;
  /** Absolute URLs on SITE_URL. */
  urls: string[];
}

export interface IndexNowOutcome {
  at: number;
  ok: boolean;
  status: number | null;
  message: string;
}

const WORDS: Record<number, string> = {
  200: 'accepted',
  202: 'accepted, key check pending',
  400: 'refused: bad request',
  403: 'refused: the key is not valid (is /<key>.txt reachable?)',
  422: 'refused: the URLs do not belong to this host',
  429: 'too many requests',
};

/** A try that may work later: throttled, a server error, or no answer. */
class RetryableError extends Error {}

async function record(db: Db, postId: string, outcome: IndexNowOutcome): Promise<void> {
  await setIndexNowResult(db, postId, JSON.stringify(outcome));
}

export async function pingIndexNow(
  input: IndexNowInput,
  deps: Pick<AppJobDeps, 'config' | 'db' | 'fetcher'>,
  signal?: AbortSignal,
): Promise<IndexNowOutcome> {
  const settings = deps.config.indexNow;
  if (!settings) throw new Error('IndexNow is not configured (INDEXNOW_KEY)');
  const site = new URL(deps.config.siteUrl);
  const body = JSON.stringify({
    host: site.host,
    key: settings.key,
    keyLocation: `${site.origin}/${settings.key}.txt`,
    urlList: input.urls.slice(0, MAX_URLS),
  });
  let status: number;
  try {
    const res = await deps.fetcher.fetch(settings.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json, */*' },
      body,
      timeoutMs: 15_000,
      maxBytes: 64 * 1024,
      maxRedirects: 0,
      signal,
    });
    status = res.status;
  } catch (error) {
    throw new RetryableError(
      `no answer from ${new URL(settings.endpoint).host} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (status === 429 || status >= 500) throw new RetryableError(`${status} ${WORDS[status] ?? 'server error'}`);
  const outcome = {
    at: Date.now(),
    ok: status === 200 || status === 202,
    status,
    message: `${status} ${WORDS[status] ?? (status < 300 ? 'accepted' : 'refused')}`,
  };
  await record(deps.db, input.postId, outcome);
  return outcome;
}

export const indexNowJob = defineJob<IndexNowInput, never, IndexNowOutcome, AppJobDeps>({
  name: INDEXNOW_JOB,
  concurrency: 1,
  attempts: INDEXNOW_ATTEMPTS,
  backoffMs: INDEXNOW_BACKOFF_MS,
  run: (job, deps) => pingIndexNow(job.input, deps, job.signal),
  async onFailed(input, _id, reason, deps) {
    await record(deps.db, input.postId, { at: Date.now(), ok: false, status: null, message: `failed: ${reason}` });
  },
});
