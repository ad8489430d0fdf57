// Starts a reader thread from source (tests, `npm run dev`): as server/lib/jobs/thread-source.mjs does for a job
// thread, this plain module registers tsx's loader in the thread first and then imports thread.ts. From dist/
// the thread is site-audit-reader.js (scripts/build.mjs).
import { register } from 'tsx/esm/api';

register();
await import(new URL('./thread.ts', import.meta.url).href);
