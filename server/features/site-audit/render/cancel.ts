/**
 * One audit's renders all stop with its one signal. A listener per render on that signal piles up
 * (renders waiting for a slot, pages rendering, each page's requests: Node's "MaxListenersExceededWarning:
 * 11 abort listeners added to [AbortSignal]"), so the renderer follows each signal with ONE listener:
 * every render gets a signal of its own, aborted with the audit's, and the listener goes once the
 * last render following it has ended. (AbortSignal.any would add no listener, but on Node 20 each call
 * leaves an entry on the source signal for as long as it lives: 20,000 pages would keep 20,000.)
 */
export function createCancelFollowers() {
  const followed = new Map<AbortSignal, { followers: Set<AbortController>; onAbort: () => void }>();

  return {
    /** A signal of its own for one render; `release()` once the render has ended. */
    follow(signal: AbortSignal | undefined): { signal: AbortSignal | undefined; release(): void } {
      if (!signal) return { signal: undefined, release: () => undefined };
      const own = new AbortController();
      if (signal.aborted) {
        own.abort(signal.reason);
        return { signal: own.signal, release: () => undefined };
      }
      let group = followed.get(signal);
      if (!group) {
        const followers = new Set<AbortController>();
        const onAbort = () => {
          followed.delete(signal);
          for (const follower of followers) follower.abort(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        group = { followers, onAbort };
        followed.set(signal, group);
      }
      const joined = group;
      joined.followers.add(own);
      return {
        signal: own.signal,
        release() {
          joined.followers.delete(own);
          if (joined.followers.size > 0 || followed.get(signal) !== joined) return;
          followed.delete(signal);
          signal.removeEventListener('abort', joined.onAbort);
        },
      };
    },
  };
}
