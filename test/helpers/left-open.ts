/*
 * What a test opened and did not close (a test app, its job threads and its database): the unit and e2e
 * projects' setup file (test/setup/close-left-open.ts) closes it after each test file's own hooks, the newest
 * first, so a test file that keeps an app for all its tests leaves no threads, connections or temporary
 * databases behind. Kept free of imports: every test file's setup loads it.
 */
const open = new Set<() => Promise<void>>();

/** Tracks `close` until the answered untrack runs (the owner closed it itself). */
export function trackOpen(close: () => Promise<void>): () => void {
  open.add(close);
  return () => void open.delete(close);
}

/** Closes everything still tracked, the newest first. */
export async function closeLeftOpen(): Promise<void> {
  for (const close of [...open].reverse()) {
    open.delete(close);
    await close();
  }
}
