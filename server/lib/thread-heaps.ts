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

/**
 * The threads' young generation: semi-spaces of 4 MB, where the command line's `--max-semi-space-size=8` is
 * sized for the web thread. A site audit's thread fills its new space to the maximum while it imports its
 * modules, and both semi-spaces then stay resident for the whole audit: 16 MB at 8, 8 MB at 4. Measured
 * (decision 0059, "Memory of one audit"): 2 MB saved a little more at 2,000 pages but made 20,000 pages
 * slower (more scavenges, more promoted); 4 MB did not.
 */
export const THREAD_SEMI_SPACE_MB = 4;
setFlagsFromString(`--max-semi-space-size=${THREAD_SEMI_SPACE_MB}`);
