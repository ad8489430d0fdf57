import { becameLive, setIndexNowResult, type PostRow } from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import type { Config } from '#server/config/index.ts';
import { defineJob, type JobDeps, type JobStarter } from '#server/lib/jobs/index.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { postPath } from '#views/model/posts.ts';

/*
 * IndexNow pings (issue 27) as jobs: a save or delete in the editor enqueues one and returns; the
 * POST to the endpoint runs in a job thread through the guarded fetcher, is tried again when the
 * endpoint is busy or down (429, 5xx, no answer), and its outcome is recorded on the post for the
 * admin's list. A refusal (400, 403 key not valid, 422 URLs not of this host) is final.
 */

export const INDEXNOW_JOB = 'indexnow-ping';
export const INDEXNOW_SCHEDULED_JOB = 'indexnow-scheduled';
/** How often the look for scheduled posts that went live runs (and whenever a page sees one go live). */
export const SCHEDULED_LOOK_MS = 60_000;
/** A scheduled post that went live this long ago without a ping (no process ran then) is pinged no more. */
const LATE_PING_MS = 24 * 60 * 60_000;

/** What the ping's thread has (the app's job deps have it: server/jobs.ts). */
type IndexNowDeps = JobDeps & { config: Config; fetcher: SafeFetcher };
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
  deps: Pick<IndexNowDeps, 'config' | 'db' | 'fetcher'>,
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

export const indexNowJob = defineJob<IndexNowInput, never, IndexNowOutcome, IndexNowDeps>({
  name: INDEXNOW_JOB,
  concurrency: 1,
  attempts: INDEXNOW_ATTEMPTS,
  backoffMs: INDEXNOW_BACKOFF_MS,
  run: (job, deps) => pingIndexNow(job.input, deps, job.signal),
  async onFailed(input, _id, reason, deps) {
    await record(deps.db, input.postId, { at: Date.now(), ok: false, status: null, message: `failed: ${reason}` });
  },
});

/** Whether a post's last ping (its stored outcome) came before it went live at `publishedAt`. */
function pingedBefore(indexnow: string | null, publishedAt: number): boolean {
  if (indexnow === null) return true;
  return (JSON.parse(indexnow) as IndexNowOutcome).at < publishedAt;
}

/**
 * The scheduled posts that went live in the last day with no ping since (none with the sample
 * business, nor without INDEXNOW_KEY).
 */
async function postsToPing(db: Db, config: Config, now: number): Promise<PostRow[]> {
  if (!config.indexNow || config.siteProfile.sample) return [];
  const live = await becameLive(db, now - LATE_PING_MS, now);
  return live.filter((row) => pingedBefore(row.indexnow, Number(row.published_at)));
}

/**
 * Queues a ping for each scheduled post that went live by `now` and has none since; answers how many
 * were new. The ping's job id is the post and its time, so looks in several processes, or a look
 * while the ping is still tried, queue one ping.
 */
export async function queueLivePings(
  deps: Pick<IndexNowDeps, 'db' | 'config'> & { jobs: Pick<JobStarter, 'enqueue'> },
  now: number,
): Promise<number> {
  const origin = deps.config.siteUrl.replace(/\/+$/, '');
  let queued = 0;
  for (const row of await postsToPing(deps.db, deps.config, now)) {
    const input: IndexNowInput = { postId: row.id, urls: [origin + postPath(row)] };
    const id = `live-${row.id}-${Number(row.published_at)}`;
    if (!(await deps.jobs.enqueue(INDEXNOW_JOB, input, { id })).joined) queued += 1;
  }
  return queued;
}

/**
 * Scheduled posts go live on their own (pages check the time), so nothing saves them then: this
 * repeatable job pings IndexNow for every one that went live in the last day and has no ping since
 * (for a site nobody visits; a page that sees one go live queues its ping at once: index.ts).
 */
export const indexNowScheduledJob = defineJob<null, never, { queued: number }, IndexNowDeps>({
  name: INDEXNOW_SCHEDULED_JOB,
  concurrency: 1,
  attempts: 1,
  backoffMs: 0,
  repeat: {
    everyMs: SCHEDULED_LOOK_MS,
    hasWork: async ({ db, config }) => (await postsToPing(db, config, Date.now())).length > 0,
  },
  retentionMs: 60 * 60_000,
  run: async (_job, deps) => ({ queued: await queueLivePings(deps, Date.now()) }),
});
