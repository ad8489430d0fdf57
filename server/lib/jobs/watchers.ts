import type { Logger } from '#server/lib/logger.ts';
import type { JobEvent } from './types.ts';

/** This process's listeners, by job; the backends feed them from wherever the job runs. */
export interface Watchers {
  watch(name: string, id: string, listener: (event: JobEvent) => void): () => void;
  emit(name: string, id: string, event: JobEvent): void;
}

export function createWatchers(log: Logger): Watchers {
  const listeners = new Map<string, Set<(event: JobEvent) => void>>();
  const keyOf = (name: string, id: string) => `${name}\u0000${id}`;
  return {
    watch(name, id, listener) {
      const key = keyOf(name, id);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
      };
    },
    emit(name, id, event) {
      for (const listener of [...(listeners.get(keyOf(name, id)) ?? [])]) {
        try {
          listener(event);
        } catch (error) {
          log.error({ err: error, job: name, id }, 'a job watcher threw');
        }
      }
    },
  };
}

export interface Throttle<T> {
  push(value: T): void;
  /** Sends a value still waiting now (the job ends: its last progress goes before its outcome). */
  flush(): void;
  /** Drops a value still waiting (the job ended: its outcome supersedes it). */
  cancel(): void;
}

/**
 * Sends the first value at once, then at most one per `intervalMs`; the latest value of a burst
 * is sent when its interval ends, so the last progress is never lost.
 */
export function throttle<T>(intervalMs: number, send: (value: T) => void): Throttle<T> {
  let last = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let pending: { value: T } | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    last = Date.now();
    send(value);
  };
  return {
    push(value) {
      pending = { value };
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) return flush();
      timer = setTimeout(flush, wait);
    },
    flush() {
      clearTimeout(timer);
      flush();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
