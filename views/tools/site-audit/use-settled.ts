import { useEffect, useState } from 'react';

/** How long typing pauses before a search box asks the server: one request per word, not per key. */
export const SEARCH_PAUSE_MS = 250;

/** `value` once it has stopped changing for SEARCH_PAUSE_MS (the search boxes' text). */
export function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
