import { wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

/** Limits over the whole API, on top of each tool's own. */
export const limits = defineSection({
  env: {
    /** Requests one IP may make to /api per minute, all endpoints together: a flood guard, not a quota. */
    API_RATE_LIMIT: wholeNumber({ min: 1, max: 1_000_000, fallback: 600 }),
    /** Requests each long-running tool works on at once, for all visitors together; past it 503. */
    TOOL_MAX_RUNNING: wholeNumber({ min: 1, max: 1000, fallback: 8 }),
  },
  read: (env) => ({ apiPerMinute: env.API_RATE_LIMIT, toolMaxRunning: env.TOOL_MAX_RUNNING }),
});
