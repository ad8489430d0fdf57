// Starts a job thread from source (tests, `npm run dev`): Node 20 does not apply `--import tsx`
// from a worker's execArgv to the worker's own entry, so this plain module registers tsx's loader
// in the thread first and then imports thread.ts. From dist/ the thread is job-thread.js.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./thread.ts', import.meta.url).href);
