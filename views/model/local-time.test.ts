import { expect, test } from 'vitest';
import { formatLocalTime } from './local-time.ts';

const AT = '2026-11-27T15:01:00.000Z';

test('a lead time in the operator zone, with the zone named: IST by default, others by abbreviation or offset', () => {
  expect(formatLocalTime(AT, 'Asia/Kolkata')).toBe('27 Nov 2026, 8:31 pm IST');
  expect(formatLocalTime(AT, 'Europe/London')).toBe('27 Nov 2026, 3:01 pm GMT');
  expect(formatLocalTime(AT, 'America/New_York')).toBe('27 Nov 2026, 10:01 am GMT-5');
  // The date moves with the zone.
  expect(formatLocalTime(AT, 'Australia/Sydney')).toBe('28 Nov 2026, 2:01 am GMT+11');
});

test('text that is not a time is shown as it is', () => {
  expect(formatLocalTime('yesterday', 'Asia/Kolkata')).toBe('yesterday');
});
