import type { AppJobDeps } from '#server/job-deps.ts';
import { pageFetchOptions } from '#server/lib/crawler/index.ts';
import { eventLoopSlicer } from '#server/lib/crawler/time-slice.ts';
import { defineJob } from '#server/lib/jobs/types.ts';
import { READ_POLL_MS } from '#server/config/site-audit-defaults.ts';
import { runReadPart } from './part.ts';

/** A shared audit's part's job name (server/jobs.ts lists the definition). */
export const SITE_AUDIT_PART_JOB = 'site-audit-part';

/** What a part's job carries: the audit, the try of its job the part reads for, and the part's number. */
export interface PartInput {
  auditId: string;
  attempt: number;
  part: number;
}

/** The part's name on the rows it claims: its own across its tries, another part's never. */
export const partOwner = (part: number) => `part-${part}`;

/**
 * A part of a shared audit (decision 0071): reads the audit's pages on whichever worker takes it, until the
 * audit's job closes its reads. One per process at a time, so an audit's parts spread over the workers; a
 * part whose worker died is taken up again by another (its claims freed at once, being its own).
 */
export const siteAuditPartJob = defineJob<PartInput, null, { read: number }, AppJobDeps>({
  name: SITE_AUDIT_PART_JOB,
  concurrency: 1,
  attempts: 3,
  backoffMs: 1_000,
  async run(job, deps) {
    const settings = deps.config.siteAudit;
    const read = await runReadPart({
      db: deps.db,
      auditId: job.input.auditId,
      attempt: job.input.attempt,
      owner: partOwner(job.input.part),
      fetcher: deps.crawlFetchers.siteAudit,
      slots: Math.ceil(settings.limits.concurrency / settings.workers),
      leaseMs: settings.readLeaseMs,
      pollMs: READ_POLL_MS,
      fetchOptions: pageFetchOptions(settings.limits, job.signal),
      breathe: () => eventLoopSlicer.breathe(),
      signal: job.signal,
    });
    return { read };
  },
});
