import { createContext, useContext } from 'react';
import { formatLocalTime, profileTimeZone } from '../model/local-time.ts';
import { SiteContext } from '../site-context.ts';

export { formatLocalDay, formatLocalTime, profileTimeZone } from '../model/local-time.ts';

/**
 * The zone of a view: set by the admin shell and by each island's container (client/entry.ts reads
 * it from `data-time-zone`), else the profile of the page being rendered.
 */
export const TimeZoneContext = createContext<string | null>(null);

export function useTimeZone(): string {
  const given = useContext(TimeZoneContext);
  const site = useContext(SiteContext);
  return given ?? profileTimeZone(site?.business ?? {});
}

/** `formatLocalTime` in the view's zone; `—` for a time that is not there. */
export function useLocalTime(): (at: string | number | null | undefined) => string {
  const timeZone = useTimeZone();
  return (at) => (at === null || at === undefined ? '—' : formatLocalTime(at, timeZone));
}
