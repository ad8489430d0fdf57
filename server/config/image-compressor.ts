import { optionalWholeNumber, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

export const imageCompressor = defineSection({
  env: {
    /** Compressions running at once; unset means one per CPU. */
    IMAGE_JOBS: optionalWholeNumber({ min: 1, max: 64 }),
    IMAGE_QUEUE: wholeNumber({ min: 0, max: 1000, fallback: 16 }),
  },
  read: (env) => ({ concurrency: env.IMAGE_JOBS, maxQueued: env.IMAGE_QUEUE }),
});
