import { optionalText, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

/** The mobile-friendly tester's rendered mode (Chromium through the guarded fetcher, docs/decisions/0019). */
export const mobileTest = defineSection({
  env: {
    /** Chromium for rendered tests; unset = /usr/bin/chromium when installed; `off` = HTML-and-CSS checks only. */
    CHROMIUM_PATH: optionalText(),
    MOBILE_TEST_TIMEOUT_MS: wholeNumber({ min: 1000, max: 60_000, fallback: 20_000 }),
    MOBILE_TEST_MAX_PAGE_BYTES: wholeNumber({ min: 64 * 1024, max: 100 * 1024 * 1024, fallback: 8 * 1024 * 1024 }),
    MOBILE_TEST_QUEUE: wholeNumber({ min: 0, max: 100, fallback: 4 }),
    /** Memory one render's renderer process may use before the test is stopped with a clear error. */
    MOBILE_TEST_MEMORY_MB: wholeNumber({ min: 64, max: 8192, fallback: 512 }),
  },
  read: (env) => ({
    chromiumPath: env.CHROMIUM_PATH,
    timeoutMs: env.MOBILE_TEST_TIMEOUT_MS,
    maxPageBytes: env.MOBILE_TEST_MAX_PAGE_BYTES,
    maxQueued: env.MOBILE_TEST_QUEUE,
    memoryMb: env.MOBILE_TEST_MEMORY_MB,
  }),
});
