import { DEFAULT_TIME_ZONE } from '../business.ts';

/**
 * Every time the site shows, in one zone: the operator's profile's (`timeZone`, default
 * Asia/Kolkata; decision 0060). Indian English wording; the zone's abbreviation where the locale has
 * one (IST, GMT), else its offset ("GMT-5"), so a moment is never ambiguous. Server code passes
 * `config.siteProfile.business.timeZone`; views call `useTimeZone()`.
 */
export function formatLocalTime(at: string | number, timeZone: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  return new Intl.DateTimeFormat('en-IN', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).format(date);
}

/** "27 November 2026" (`long`) or "27 Nov" (`short`): the day a moment fell on in the zone. */
export function formatLocalDay(iso: string, timeZone: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const year = style === 'long' ? 'numeric' : undefined;
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: style, year }).format(date);
}

/** The profile's zone, or the default when the profile names none. */
export const profileTimeZone = (business: { timeZone?: string }): string => business.timeZone ?? DEFAULT_TIME_ZONE;
