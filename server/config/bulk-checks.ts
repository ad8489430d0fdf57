import { wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

/** The redirect and index checkers: one deadline for a whole list of URLs (issue 15, finding 4). */
export const bulkChecks = defineSection({
  env: {
    BULK_CHECK_DEADLINE_MS: wholeNumber({ min: 1, max: 30_000, fallback: 25_000 }),
  },
  read: (env) => ({
    /** After this long, URLs not yet checked come back as timed out and the answer is sent. */
    deadlineMs: env.BULK_CHECK_DEADLINE_MS,
  }),
});
