import { definitionOf, randomJobId, repeatableOf, stateOf, type JobsContext } from './context.ts';
import { enqueueById, enqueueRun, upsertSchedule } from './bullmq-enqueue.ts';
import { openLanes } from './bullmq-lanes.ts';
import {
  CANCEL_EVENT,
  errorFrom,
  progressFrom,
  statusFrom,
  toBullId,
  triesOf,
  type Envelope,
} from './bullmq-shared.ts';
import { startWorker } from './bullmq-worker.ts';
import type { Jobs } from './types.ts';

export { bullConnectionString } from './bullmq-lanes.ts';

/*
 * Scale-out (docs/decisions/0032): BullMQ on its PostgreSQL backend, in its own schema. The lanes
 * (a Queue, QueueEvents and QueueEventsProducer per job name) are bullmq-lanes.ts's, how jobs are
 * added bullmq-enqueue.ts's, the Workers of a process that works bullmq-worker.ts's.
 */

export async function createBullJobs(context: JobsContext): Promise<Jobs> {
  const { watchers } = context;
  const { lanes, Worker, close: closeLanes } = await openLanes(context);
  let working = false;
  let closed: Promise<void> | undefined;

  const laneOf = (name: string) => {
    definitionOf(context, name);
    return lanes.get(name)!;
  };

  const jobs: Jobs = {
    enqueue: (name, input, options) => enqueueById(context, laneOf(name), input, options?.id ?? randomJobId()),
    async runNow(name) {
      repeatableOf(context, name);
      return enqueueRun(context, laneOf(name));
    },
    async cancel(name, id) {
      const lane = laneOf(name);
      const jobId = toBullId(id);
      const job = await lane.queue.getJob(jobId);
      if (!job) return undefined;
      const status = statusFrom(job, await job.getState());
      if (status !== 'queued' && status !== 'active') return undefined;
      // The mark keeps it from running (or running again); the event reaches the process running it.
      await job.updateData({ ...(job.data as Envelope), cancelled: status });
      await lane.producer.publishEvent({ eventName: CANCEL_EVENT, jobId, was: status });
      return status;
    },
    async state(name, id) {
      const queue = laneOf(name).queue;
      let job = await queue.getJob(toBullId(id));
      if (!job) return undefined;
      const raw = await job.getState();
      // The job was read, then its state: one that ended between the two reads was read without its
      // result or reason (a request-bound job's caller got a completed job whose result was null). Its
      // ended state no longer changes, so a second read has them.
      if ((raw === 'completed' || raw === 'failed') && !job.finishedOn) job = (await queue.getJob(toBullId(id))) ?? job;
      const status = statusFrom(job, raw);
      if (!status) return undefined;
      return stateOf({
        status,
        progress: progressFrom(job),
        result: status === 'completed' ? (job.returnvalue as unknown) : undefined,
        error: errorFrom(job, status),
        // A worker that takes up a job only to fail it (its tries were used up) starts no try.
        attempts: Math.min(triesOf(job), laneOf(name).definition.attempts),
      });
    },
    async counts(name) {
      // A job cancelled while queued counts until a worker drops it.
      const counts = await laneOf(name).queue.getJobCounts(
        'waiting',
        'delayed',
        'prioritized',
        'waiting-children',
        'active',
      );
      const { active = 0, ...waiting } = counts;
      return { queued: Object.values(waiting).reduce((sum, count) => sum + count, 0), active };
    },
    watch: (name, id, listener) => {
      laneOf(name);
      return watchers.watch(name, id, listener);
    },
    async work() {
      if (working || closed) return;
      working = true;
      await Promise.all(
        [...lanes.values()].map((lane) => startWorker(context, lane, Worker, jobs, () => closed !== undefined)),
      );
      // The schedules of repeatable jobs, and a run of each at start (joined if one is queued), each
      // name's beside the others'.
      await Promise.all(
        [...lanes.values()]
          .filter((lane) => lane.definition.repeat)
          .map(async (lane) => {
            await upsertSchedule(context, lane);
            await enqueueRun(context, lane);
          }),
      );
    },
    close() {
      closed ??= (async () => {
        // Closing first: a worker that is closing fetches nothing, so a job the abort below gives back
        // to the queue (moveToWait) is left for another worker instead of being taken up again here.
        const stopping = [...lanes.values()].map((lane) => lane.worker?.close());
        for (const lane of lanes.values()) lane.worker?.cancelAllJobs('shutdown');
        await Promise.all(stopping);
        await Promise.all([...lanes.values()].map((lane) => lane.pool?.close()));
        await closeLanes();
      })();
      return closed;
    },
  };
  return jobs;
}
