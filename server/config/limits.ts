import { wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

/** Limits over the whole API, on top of each tool's own. */
export const limits = defineSection({
  env: {
    /** Requests one IP may make to /api per minute, all endpoints together: a flood guard, not a quota. */
    API_RATE_LIMIT: wholeNumber({ min: 1, max: 1_000_000, fallback: 600 }),
  },
  read: (env) => ({ apiPerMinute: env.API_RATE_LIMIT }),
});
