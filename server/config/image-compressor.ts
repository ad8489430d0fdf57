import { optionalWholeNumber, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

export const imageCompressor = defineSection({
  env: {
    /** Encoder worker processes at once; unset means one per CPU. */
    IMAGE_JOBS: optionalWholeNumber({ min: 1, max: 64 }),
    IMAGE_QUEUE: wholeNumber({ min: 0, max: 1000, fallback: 16 }),
    /** Estimated memory of all encodes running together, in MB (docs/decisions/0017). */
    IMAGE_MEMORY_MB: wholeNumber({ min: 64, max: 65_536, fallback: 768 }),
    /** From a request's arrival to its answer, whatever happens (upload, queue wait and encoding). */
    IMAGE_DEADLINE_MS: wholeNumber({ min: 1, max: 29_000, fallback: 25_000 }),
    /** Images one IP may have waiting or running at once. */
    IMAGE_JOBS_PER_IP: wholeNumber({ min: 1, max: 1000, fallback: 4 }),
    /** Images one IP may compress per minute (a batch is up to 20). */
    IMAGE_RATE_LIMIT: wholeNumber({ min: 1, max: 100_000, fallback: 60 }),
  },
  read: (env) => ({
    concurrency: env.IMAGE_JOBS,
    maxQueued: env.IMAGE_QUEUE,
    memoryBudgetBytes: env.IMAGE_MEMORY_MB * 1024 * 1024,
    deadlineMs: env.IMAGE_DEADLINE_MS,
    maxPerClient: env.IMAGE_JOBS_PER_IP,
    ratePerMinute: env.IMAGE_RATE_LIMIT,
  }),
});

export type ImageCompressorSettings = ReturnType<typeof imageCompressor.read>;
