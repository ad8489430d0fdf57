import { getSiteAudit, type SiteAuditRow, type SiteAuditStatus } from '#db/site-audits.ts';
import type { Jobs } from '#server/lib/jobs/index.ts';
import type { AuditProgress } from './audit.ts';
import { SITE_AUDIT_JOB } from './job.ts';
import { isUnfinished, jobEnded, settled, type AuditRows } from './rows.ts';
import { UNEXPECTED_FAILURE } from './run.ts';

export type AuditEvent =
  | { type: 'status'; status: SiteAuditStatus }
  | { type: 'progress'; progress: AuditProgress }
  | { type: 'done'; summary: unknown }
  | { type: 'failed'; error: string }
  | { type: 'cancelled' };

export type AuditListener = (event: AuditEvent) => void;

/** What following an audit needs: its rows, the job system's events, and the service's open watches. */
export interface WatchDeps extends AuditRows {
  jobs: Pick<Jobs, 'state' | 'watch'>;
  log: AuditRows['log'] & { warn(obj: object, msg?: string): void };
  /** Ends of the open watches: the service's close() ends them (a client reconnects elsewhere). */
  watching: Set<() => void>;
}

/** The events that tell a finished audit's end, from its stored row. */
function endEvents(row: SiteAuditRow): AuditEvent[] {
  if (row.status === 'done')
    return [
      { type: 'progress', progress: { crawled: row.crawled, discovered: row.discovered } },
      { type: 'done', summary: row.summary },
    ];
  if (row.status === 'cancelled') return [{ type: 'cancelled' }];
  return [{ type: 'failed', error: row.error ?? UNEXPECTED_FAILURE }];
}

/**
 * Follows a queued or running audit (`audit`: its row as just read) from any process: progress
 * from the job system's events, and the end once the row says so. `end` runs when nothing more
 * will come (after the end's events, or when the service closes). Returns the unwatch function.
 */
export function watchAudit(
  deps: WatchDeps,
  audit: { id: string; status: SiteAuditStatus },
  listener: AuditListener,
  end: () => void,
): () => void {
  const { db, jobs, log, watching } = deps;
  let status = audit.status;
  let over = false;
  const stop = () => {
    if (over) return;
    over = true;
    unwatch();
    watching.delete(close);
  };
  const close = () => {
    stop();
    end();
  };
  /** The job ended: its row is read (and settled) and its end sent; a job tried again is followed on. */
  const ended = async () => {
    const row = await getSiteAudit(db, audit.id);
    const final = row && (await settled(deps, row));
    if (over || (final && isUnfinished(final.status))) return;
    for (const event of final ? endEvents(final) : []) listener(event);
    close();
  };
  const onEnded = () =>
    void ended().catch((error: unknown) => {
      log.error({ err: error, audit: audit.id }, 'site audit watch failed');
      close();
    });
  const unwatch = jobs.watch(SITE_AUDIT_JOB, audit.id, (event) => {
    if (over) return;
    // The job's end, or its report stored (its try still drops the crawl store): the row tells the end.
    if (event.type !== 'progress' || (event.progress as AuditProgress).stored) return onEnded();
    if (status === 'queued') listener({ type: 'status', status: (status = 'running') });
    listener({ type: 'progress', progress: event.progress as AuditProgress });
  });
  watching.add(close);
  // A job that ended before the watch began is not heard: its state says so.
  void jobs
    .state(SITE_AUDIT_JOB, audit.id)
    .then((state) => (jobEnded(state) ? onEnded() : undefined))
    .catch((error: unknown) => log.warn({ err: error, audit: audit.id }, 'site audit job state not read'));
  return stop;
}
