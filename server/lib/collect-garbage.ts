import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * A full garbage collection of this thread's heap, now. For a thread that has just let go of most of what it
 * held (a million-page crawl's nodes, released before its analysis): V8 collects after allocation, not after a
 * release, so that garbage stays resident while the next step's SQL runs, and the analysis's first allocations
 * (and its checks thread's new heap) then come on top of it, the audit's peak of memory (decision 0077).
 *
 * `gc` is only a global where V8's `--expose-gc` was set when a context was made: the flag is set for the one
 * context made here, which hands its `gc` over, and unset again, so no later context or thread sees it (the same
 * way as jest's leak detector).
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    try {
      gc = runInNewContext('gc') as () => void;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  gc();
}
