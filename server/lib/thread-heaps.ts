import { setFlagsFromString } from 'node:v8';

/*
 * The web process starts with `--initial-old-space-size=128` (docs/decisions/0048): V8 then begins the
 * main thread's old generation at 128 MB instead of a few, so the ~20 MB of Buffers an image upload
 * passes through the server no longer cost a full garbage collection each. V8 flags are process-wide,
 * though, and are read again for every isolate created later: the job threads (site audits, crawls)
 * would start there too and grow their heaps further before their first full collection, which the
 * site audit's memory goals do not allow. Imported first by server/index.ts, before any thread starts,
 * this sets the flag back to V8's default (0: sized by V8) for the threads; the main thread's heap,
 * configured at start-up, keeps what the command line gave it.
 */
setFlagsFromString('--initial-old-space-size=0');
