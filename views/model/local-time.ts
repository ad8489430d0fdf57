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

/** How far the zone's wall clock is ahead of UTC at the moment `at` (ms). */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/** The `YYYY-MM` month the moment `at` falls in, in the zone. */
export function monthIn(at: Date, timeZone: string): string {
  return new Date(at.getTime() + zoneOffsetMs(at.getTime(), timeZone)).toISOString().slice(0, 7);
}

/** The moment the zone's month `YYYY-MM` begins (its 1st, midnight there), as ISO. */
export function monthStartIn(month: string, timeZone: string): string {
  const [year, index] = month.split('-').map(Number);
  const wall = Date.UTC(year!, index! - 1, 1);
  // The offset at the wall time read as UTC, then at the instant found: right across a DST change too.
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone)).toISOString();
}

/** The profile's zone, or the default when the profile names none. */
export const profileTimeZone = (business: { timeZone?: string }): string => business.timeZone ?? DEFAULT_TIME_ZONE;
