import { expect, test } from 'vitest';
import { hasNoindex, xRobotsDirectivesFor } from './robots-directives.ts';

test('X-Robots-Tag directives apply to Googlebot unless scoped to another crawler', () => {
  expect(xRobotsDirectivesFor('noindex, nofollow', 'googlebot')).toEqual(['noindex', 'nofollow']);
  expect(xRobotsDirectivesFor('bingbot: noindex', 'googlebot')).toEqual([]);
  expect(xRobotsDirectivesFor('googlebot: noindex, otherbot: nofollow', 'googlebot')).toEqual(['noindex']);
  expect(xRobotsDirectivesFor('max-snippet: 20, NONE', 'googlebot')).toEqual(['max-snippet: 20', 'none']);
  expect(hasNoindex(xRobotsDirectivesFor('max-snippet: 20, NONE', 'googlebot'))).toBe(true);
  expect(hasNoindex(xRobotsDirectivesFor(undefined, 'googlebot'))).toBe(false);
});
