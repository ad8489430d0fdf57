import { optionalWholeNumber, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

export const imageCompressor = defineSection({
  env: {
    /** Encoder worker processes at once; unset means one per CPU. */
    IMAGE_JOBS: optionalWholeNumber({ min: 1, max: 64 }),
    IMAGE_QUEUE: wholeNumber({ min: 0, max: 1000, fallback: 16 }),
    /** Estimated memory of all encodes running together, in MB (docs/decisions/0011). */
    IMAGE_MEMORY_MB: wholeNumber({ min: 64, max: 65_536, fallback: 768 }),
    /** From a received upload to its answer, whatever happens (queue wait plus encoding). */
    IMAGE_DEADLINE_MS: wholeNumber({ min: 1, max: 29_000, fallback: 25_000 }),
    /** How long an upload may take to arrive before it is refused with 408. */
    IMAGE_UPLOAD_TIMEOUT_MS: wholeNumber({ min: 1, max: 600_000, fallback: 60_000 }),
    /** Images one IP may compress per minute (a batch is up to 20). */
    IMAGE_RATE_LIMIT: wholeNumber({ min: 1, max: 100_000, fallback: 60 }),
  },
  read: (env) => ({
    concurrency: env.IMAGE_JOBS,
    maxQueued: env.IMAGE_QUEUE,
    memoryBudgetBytes: env.IMAGE_MEMORY_MB * 1024 * 1024,
    deadlineMs: env.IMAGE_DEADLINE_MS,
    uploadTimeoutMs: env.IMAGE_UPLOAD_TIMEOUT_MS,
    ratePerMinute: env.IMAGE_RATE_LIMIT,
  }),
});
