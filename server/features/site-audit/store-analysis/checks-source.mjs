// Starts the store checks' thread from source (tests, `npm run dev`): as reader/source.mjs does for a reader
// thread, this plain module registers tsx's loader in the thread first and then imports checks-thread.ts. From
// dist/ the thread is site-audit-checks.js (scripts/build.mjs).
import { register } from 'tsx/esm/api';

register();
await import(new URL('./checks-thread.ts', import.meta.url).href);
