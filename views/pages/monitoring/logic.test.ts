import { expect, test } from 'vitest';
import { sampleHistory, sampleMonitor, sampleRuns } from './fixtures.ts';
import {
  confirmedNext,
  managePath,
  monitorApi,
  monitorState,
  parseScoreDrop,
  regressionText,
  runSummary,
  scoreTrend,
  trendSummary,
  unsubscribeApi,
} from './logic.ts';

const IST = 'Asia/Kolkata';

test('paths carry the id and token, escaped', () => {
  expect(managePath('a/b', 'x+y=')).toBe('/monitor/a%2Fb?token=x%2By%3D');
  expect(monitorApi('m1', 't', 'run')).toBe('/api/monitors/m1/run?token=t');
  expect(monitorApi('m1', 't')).toBe('/api/monitors/m1?token=t');
  expect(unsubscribeApi('m1', 't')).toBe('/api/monitors/m1/unsubscribe?token=t');
});

test('times are in the profile zone, to the minute', () => {
  expect(
    trendSummary([{ at: '2026-11-27T09:05:59.000Z', score: 80, monitored: true, x: 0, y: 0 }], 'Asia/Kolkata'),
  ).toBe('Score 80 on 27 Nov 2026, 2:35 pm IST.');
});

test('the state says what happens next at each step', () => {
  const monitor = sampleMonitor();
  expect(monitorState({ ...monitor, status: 'unconfirmed', verified: false }, IST).label).toBe(
    'Waiting for your email confirmation',
  );
  expect(monitorState({ ...monitor, verified: false }, IST).label).toBe('Waiting for site verification');
  expect(monitorState({ ...monitor, status: 'paused' }, IST)).toMatchObject({ label: 'Paused', tone: 'paused' });
  expect(monitorState(monitor, IST)).toEqual({
    label: 'Active',
    tone: 'ok',
    next: 'Checked every week; next check 4 Dec 2026, 2:30 pm IST.',
  });
  expect(monitorState({ ...monitor, schedule: 'daily', nextRunAt: null }, IST).next).toBe('Checked every day.');
});

test('after confirming: verification still to do, or monitoring active', () => {
  expect(confirmedNext({ status: 'active', verified: false })).toMatch(/One step is left: prove the site is yours/);
  expect(confirmedNext({ status: 'active', verified: true })).toMatch(/monitoring is active/);
  expect(confirmedNext({ status: 'paused', verified: true })).toMatch(/paused/);
});

test('each kind of regression reads as one line (links: source → target)', () => {
  const [run] = sampleRuns();
  expect(run!.regressions.map(regressionText)).toEqual([
    'Broken internal link: https://shop.example/ → https://shop.example/gone',
    'Missing title: https://shop.example/about',
    'Score fell from 90 to 71 (down 19 points)',
  ]);
  expect(regressionText({ kind: 'start-page-down', url: 'https://a.example/', status: 503 })).toBe(
    'Start page unreachable: https://a.example/ answered HTTP 503',
  );
  expect(regressionText({ kind: 'start-page-down', url: 'https://a.example/', status: null, error: 'timed out' })).toBe(
    'Start page unreachable: https://a.example/ timed out',
  );
});

test('run summaries count regressions and fixes', () => {
  const [done, failed, clean] = sampleRuns();
  expect(runSummary(done!)).toBe('3 regressions · 1 fixed');
  expect(runSummary(failed!)).toBe('1 regression · 0 fixed');
  expect(runSummary(clean!)).toBe('No regressions · 0 fixed');
  expect(runSummary({ ...clean!, status: 'running' })).toBe('Running now');
  expect(runSummary({ ...clean!, status: 'failed' })).toBe('The check could not finish');
});

test("the trend is the site's history, oldest to newest, the owner's audits and the checks, on a fixed 0–100 scale", () => {
  const points = scoreTrend(sampleHistory());
  expect(points.map((point) => [point.score, point.x, point.y, point.monitored])).toEqual([
    [64, 0, 18.4, false],
    [90, 120, 8, true],
    [71, 240, 15.6, true],
  ]);
  expect(trendSummary(points, IST)).toBe(
    'Score 64 on 6 Nov 2026, 2:30 pm IST, 71 on 27 Nov 2026, 2:30 pm IST; lowest 64, highest 90 over 3 audits of this site: 2 checks by monitoring, 1 run by hand.',
  );
  expect(trendSummary(points.slice(1), IST)).toBe(
    'Score 90 on 13 Nov 2026, 2:30 pm IST, 71 on 27 Nov 2026, 2:30 pm IST; lowest 71, highest 90 over 2 audits of this site: 2 checks by monitoring.',
  );
  expect(scoreTrend([sampleHistory()[1]!])[0]).toMatchObject({ x: 120, score: 90 });
  expect(trendSummary([], IST)).toBe('No finished checks yet.');
  const bounds = scoreTrend([
    { ...sampleHistory()[0]!, id: 'b', score: 0 },
    { ...sampleHistory()[0]!, id: 'a', score: 100 },
  ]);
  expect(bounds.map((point) => point.y)).toEqual([44, 4]);
});

test('the score drop setting takes whole points from 1 to 100', () => {
  expect(parseScoreDrop(' 7 ')).toEqual({ value: 7 });
  expect(parseScoreDrop('100')).toEqual({ value: 100 });
  for (const bad of ['', '0', '101', '2.5', '-3', 'five'])
    expect(parseScoreDrop(bad)).toEqual({ error: 'Enter a whole number of points from 1 to 100.' });
});
