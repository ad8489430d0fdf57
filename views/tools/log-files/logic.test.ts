import { expect, test } from 'vitest';
import type { LogDaysResponse } from './schema.ts';
import { botChoices, bytesText, chartSeries, dayBars, niceMax, progressText, share, statusMix } from './logic.ts';

const bot = (id: string, name: string, hits: number) => ({
  bot: id,
  name,
  verified: hits,
  unverified: 0,
  verifiable: true,
});
const days: LogDaysResponse['days'] = [
  {
    day: '2026-11-01',
    hits: 9,
    bots: { 'googlebot-smartphone': 3, bingbot: 1, other: 2, gptbot: 3 },
    statuses: { '200': 7, '301': 1, '404': 1 },
  },
  {
    day: '2026-11-02',
    hits: 4,
    bots: { 'googlebot-smartphone': 2, ccbot: 2 },
    statuses: { '200': 2, '304': 1, '503': 1 },
  },
];

test('the chart keeps the busiest bots and folds the rest into "Other bots"; people are left out', () => {
  const log = {
    bots: [
      bot('googlebot-smartphone', 'Googlebot Smartphone', 5),
      bot('gptbot', 'GPTBot', 3),
      bot('ccbot', 'CCBot', 2),
      bot('bingbot', 'Bingbot', 1),
    ],
  };
  const series = chartSeries(log, 2);
  expect(series).toEqual([
    { key: 'googlebot-smartphone', label: 'Googlebot Smartphone' },
    { key: 'gptbot', label: 'GPTBot' },
    { key: '*', label: 'Other bots' },
  ]);
  expect(dayBars(days, series)).toEqual([
    { day: '2026-11-01', total: 7, values: [3, 3, 1] },
    { day: '2026-11-02', total: 4, values: [2, 0, 2] },
  ]);
  expect(chartSeries(log)).toHaveLength(4);
});

test('status mix by class, shares and sizes in words, a nice scale', () => {
  expect(statusMix(days)).toEqual([
    { status: '2xx', hits: 9 },
    { status: '3xx', hits: 2 },
    { status: '4xx', hits: 1 },
    { status: '5xx', hits: 1 },
  ]);
  expect(share(1, 3)).toBe('33%');
  expect(share(1, 400)).toBe('0.3%');
  expect(share(0, 0)).toBe('0%');
  expect(bytesText(3 * 1024 ** 3)).toBe('3.0 GB');
  expect(bytesText(1536)).toBe('2 KB');
  expect([niceMax(0), niceMax(7), niceMax(13), niceMax(480), niceMax(1000)]).toEqual([1, 10, 20, 500, 1000]);
});

test('progress and the bot filter read as a person would say them', () => {
  expect(progressText({ status: 'queued' })).toBe('Waiting for a free worker…');
  expect(
    progressText({ status: 'running', progress: { bytesRead: 512 * 1024, bytesTotal: 2 * 1024 ** 2, lines: 12345 } }),
  ).toBe('Read 512 KB of 2.0 MB (25%), 12,345 lines so far');
  expect(
    botChoices({
      bots: [bot('googlebot-smartphone', 'Googlebot Smartphone', 5), bot('googlebot-desktop', 'Googlebot Desktop', 1)],
    }).map((c) => c.value),
  ).toEqual(['', 'googlebot', 'googlebot-smartphone', 'googlebot-desktop']);
});
