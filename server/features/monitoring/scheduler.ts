import { claimDigest, claimSlot, dueDigests, dueMonitors, type MonitorRow } from '#db/monitoring/monitors.ts';
import { enqueueMessages } from '#db/monitoring/messages.ts';
import { runsSince } from '#db/monitoring/runs.ts';
import { digestMessages, type AlertSettings } from './alerts.ts';
import { DIGEST_INTERVAL_MS, nextSlot, startRun, type RunStarter } from './runs.ts';

/**
 * How often a scheduler looks for due slots. Schedules are daily at the finest, and a monitor made
 * schedulable in another process (a web process) is seen at the next look: a minute at most.
 */
export const SCHEDULER_POLL_MS = 60_000;
/** Monitors started per look; the rest wait a look (a burst of slots at one hour spreads over minutes). */
const BATCH = 50;

export interface SchedulerOptions extends RunStarter {
  settings: AlertSettings;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Injected so tests move time without sleeping (vi.useFakeTimers controls it and the timer alike). */
  now?: () => Date;
  /** Something was queued (a digest): this process's outbox delivers it now. */
  kick?: () => void;
}

export interface Scheduler {
  /** Looks now, then every SCHEDULER_POLL_MS. */
  start(): void;
  /** One look: starts every due slot this scheduler wins, queues every due digest it wins. */
  tick(): Promise<{ started: string[]; digests: string[] }>;
  /** Resolves once the look under way (if any) has finished: the readiness signal for tests. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The monitors' schedule, on the database: each process that runs jobs has a scheduler, and they
 * share the slots by compare-and-set (claimSlot), so a slot runs once however many there are. The
 * next slot is computed from now, so slots missed while no process ran make one run.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  async function runSlot(monitor: MonitorRow, at: Date): Promise<boolean> {
    const slot = monitor.nextRunAt!;
    if (!(await claimSlot(db, monitor.id, slot, nextSlot(monitor.schedule, at).toISOString()))) return false;
    return (await startRun(options, monitor, 'schedule', slot, at)) !== undefined;
  }

  async function sendDigest(monitor: MonitorRow, at: Date): Promise<boolean> {
    const seen = monitor.nextDigestAt!;
    if (!(await claimDigest(db, monitor.id, seen, new Date(at.getTime() + DIGEST_INTERVAL_MS).toISOString())))
      return false;
    const since = new Date(at.getTime() - DIGEST_INTERVAL_MS).toISOString();
    const messages = await digestMessages(db, monitor, await runsSince(db, monitor.id, since), options.settings, at);
    await enqueueMessages(db, messages, at.getTime());
    return messages.length > 0;
  }

  async function tick() {
    const at = now();
    const started: string[] = [];
    const digests: string[] = [];
    for (const monitor of await dueMonitors(db, at.toISOString(), BATCH)) {
      if (stopped) break;
      try {
        if (await runSlot(monitor, at)) started.push(monitor.id);
      } catch (error) {
        log.error({ err: error, monitor: monitor.id }, 'monitored run not started');
      }
    }
    for (const monitor of await dueDigests(db, at.toISOString(), BATCH)) {
      if (stopped) break;
      try {
        if (await sendDigest(monitor, at)) digests.push(monitor.id);
      } catch (error) {
        log.error({ err: error, monitor: monitor.id }, 'monitor digest not queued');
      }
    }
    if (started.length) log.info({ monitors: started }, 'monitored runs started');
    if (digests.length) options.kick?.();
    return { started, digests };
  }

  function loop(): void {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => log.error({ err: error }, 'monitor scheduler look failed'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        timer = setTimeout(loop, SCHEDULER_POLL_MS);
        timer.unref?.();
      });
  }

  return {
    start: loop,
    async tick() {
      while (running) await running;
      return tick();
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
