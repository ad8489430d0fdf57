import { UpstreamError } from '#server/lib/domain-errors.ts';
import { createAwaitedJobs, domainErrorOf, RESULT_SLACK_MS } from '#server/lib/jobs/awaited.ts';
import type { Jobs } from '#server/lib/jobs/index.ts';
import type { TypedTarget } from '#server/lib/page-facts/url-input.ts';
import type { AuditReport } from '#views/model/seo-audit.ts';
import {
  auditLimitMs,
  SEO_AUDIT_CONCURRENCY,
  SEO_AUDIT_JOB,
  SeoAuditBusyError,
  type SeoAuditInput,
  type SeoAuditResult,
} from './job.ts';

export interface SeoAuditClientOptions {
  jobs: Jobs;
  /** Audits this process waits for at once (the tool's share of TOOL_MAX_RUNNING). */
  maxPending: number;
  /** Google's score is asked for too (PAGESPEED_API_KEY): a try may take that long. */
  pageSpeed: boolean;
  /** The longest the page's render may take (renderLimitMs of the mobile test's settings). */
  renderMs: number;
}

export interface SeoAuditClient {
  /** Runs the audit as a job and answers its report, or throws the domain error the job met. */
  audit(target: TypedTarget, signal?: AbortSignal): Promise<AuditReport>;
  /** Shutting down: waiting requests answer busy (503) and their jobs are cancelled. */
  stop(): Promise<void>;
}

/**
 * The request side of the `seo-audit` job (job.ts): the audit stays request-bound, its work runs in a
 * job thread of this process or of a worker. An audit may wait in the queue for the audits ahead of it
 * (a round of `SEO_AUDIT_CONCURRENCY` at a time, each as long as the longest audit).
 */
export function createSeoAuditClient(options: SeoAuditClientOptions): SeoAuditClient {
  const tryMs = auditLimitMs({ pageSpeed: options.pageSpeed, httpFallback: true, renderMs: options.renderMs });
  const rounds = Math.max(1, Math.ceil(options.maxPending / SEO_AUDIT_CONCURRENCY));
  const awaited = createAwaitedJobs({
    jobs: options.jobs,
    name: SEO_AUDIT_JOB,
    maxPending: options.maxPending,
    queueWaitMs: rounds * (tryMs + RESULT_SLACK_MS),
    tryMs,
    busy: () => new SeoAuditBusyError(),
    timedOut: () =>
      new UpstreamError(`The page could not be audited within ${Math.round(tryMs / 1000)} seconds; please try again.`),
    cancelled: () => new UpstreamError('The audit was cancelled.'),
  });
  return {
    async audit(target, signal) {
      const input = (startBy: number): SeoAuditInput => ({ target, startBy });
      const outcome = (await awaited.run(input, signal)) as SeoAuditResult;
      if ('failure' in outcome) throw domainErrorOf(outcome.failure);
      return outcome.report;
    },
    stop: () => awaited.stop(),
  };
}
