import { afterAll } from 'vitest';
import { closeLeftOpen } from '#test/helpers/left-open.ts';

// After a file's own hooks (Vitest runs afterAll hooks in reverse order, this file's first registered, so last).
afterAll(closeLeftOpen);
