import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic, services, API via supertest) and `e2e` (Playwright journeys
// against a built server). `npm test` runs them in that order after the typecheck and build.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{server,client,views,db,scripts,test}/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**', 'node_modules/**', 'dist/**'],
          environment: 'node',
          setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/close-left-open.ts'],
          globalSetup: ['test/setup/kill-leftovers.ts', 'test/setup/build-if-needed.ts'],
          // Vitest's default is one file at a time on two cores (cores - 1). Most files wait on a database, a child
          // process or a socket, so two at a time finish sooner there: 1,447 s against 1,807 s for this project on
          // the two-core CI machine's size, every test passing. A file then shares the cores with another: tests
          // that start browsers or Node processes took up to 22 s (thread-heaps.test.ts timed out at 20), so the
          // default limit, which only catches a test that hangs, is 45 s. Hooks close what tests opened (apps with their
          // job threads, browsers, processes): an afterEach closing a monitoring app took over 10 s (Vitest's default
          // for hooks) while the machine's load was 8, so they get the same limit.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          testTimeout: 45_000,
          hookTimeout: 45_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/close-left-open.ts'],
          globalSetup: ['test/setup/kill-leftovers.ts', 'test/setup/build-if-needed.ts', 'test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
