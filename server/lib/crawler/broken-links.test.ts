import { expect, test } from 'vitest';
import { createBrokenLinkLog, MAX_SOURCES_PER_TARGET } from './broken-links.ts';

test('only targets that failed are reported, each with its sources, sorted by target then source', () => {
  const log = createBrokenLinkLog();
  log.linked('https://s.test/gone', 'https://s.test/b');
  log.linked('https://s.test/gone', 'https://s.test/a');
  log.linked('https://s.test/ok', 'https://s.test/a');
  log.linked('https://s.test/down', 'https://s.test/c');
  log.linked('https://s.test/self', 'https://s.test/self');
  log.failed('https://s.test/gone', 404, 'HTTP 404');
  log.failed('https://s.test/down', null, 'connection refused');
  log.failed('https://s.test/self', 500, 'HTTP 500');
  log.failed('https://s.test/start', 500, 'HTTP 500');
  expect(log.report(10)).toEqual({
    listed: [
      { source: 'https://s.test/c', target: 'https://s.test/down', status: null, detail: 'connection refused' },
      { source: 'https://s.test/a', target: 'https://s.test/gone', status: 404, detail: 'HTTP 404' },
      { source: 'https://s.test/b', target: 'https://s.test/gone', status: 404, detail: 'HTTP 404' },
    ],
    total: 3,
  });
  expect(log.report(2).listed).toHaveLength(2);
  expect(log.report(2).total).toBe(3);
});

test('a target linked from many pages lists the first 20 and counts them all', () => {
  const log = createBrokenLinkLog();
  for (let i = 0; i < 30; i += 1) log.linked('https://s.test/gone', `https://s.test/p${String(i).padStart(2, '0')}`);
  log.failed('https://s.test/gone', 410, 'HTTP 410');
  const report = log.report(1000);
  expect(report.total).toBe(30);
  expect(report.listed.map((row) => row.source)).toEqual(
    Array.from({ length: MAX_SOURCES_PER_TARGET }, (_, i) => `https://s.test/p${String(i).padStart(2, '0')}`),
  );
});
