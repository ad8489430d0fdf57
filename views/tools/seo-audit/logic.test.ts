import { expect, test } from 'vitest';
import { formatBytes, nextProgress, recommendationGroups, scoreBand } from './logic.ts';

test('progress rises by 10 and waits at 90 until the audit answers', () => {
  const seen: number[] = [];
  let value = 0;
  for (let tick = 0; tick < 12; tick += 1) seen.push((value = nextProgress(value)));
  expect(seen).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 90, 90, 90]);
});

test('before an audit all 22 recommendations are listed by category without a status', () => {
  const groups = recommendationGroups(null);
  expect(groups.map((group) => group.category)).toEqual([
    'Links',
    'On-Page SEO',
    'Social',
    'Performance',
    'Usability',
    'Other',
  ]);
  expect(groups.flatMap((group) => group.rows)).toHaveLength(22);
  expect(groups.flatMap((group) => group.rows).every((row) => row.status === null)).toBe(true);
});

test('after an audit each recommendation carries its check status and detail', () => {
  const groups = recommendationGroups([
    {
      id: 'title',
      category: 'On-Page SEO',
      priority: 'High',
      title: 'Add a title tag',
      status: 'fail',
      detail: 'No <title> found.',
    },
  ]);
  const title = groups.flatMap((group) => group.rows).find((row) => row.id === 'title');
  expect(title).toMatchObject({ status: 'fail', detail: 'No <title> found.' });
});

test('bytes and score bands are shown the way people read them', () => {
  expect([formatBytes(512), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual(['512 B', '2.0 KB', '3.00 MB']);
  expect([scoreBand(95), scoreBand(60), scoreBand(10)]).toEqual(['good', 'average', 'poor']);
});
