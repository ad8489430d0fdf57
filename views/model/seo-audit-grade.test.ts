import { expect, test } from 'vitest';
import { byUrgency, gradeFor, scoreChecks } from './seo-audit-grade.ts';

const check = (status: 'pass' | 'warning' | 'fail', priority: 'High' | 'Medium' | 'Low') => ({ status, priority });

test('every check passing scores 100, grade A', () => {
  expect(scoreChecks(Array.from({ length: 22 }, () => check('pass', 'High')))).toEqual({ score: 100, grade: 'A' });
});

test('failures cost 15/7/3 by priority, warnings 7/3/1, and the score never goes below 0', () => {
  expect(scoreChecks([check('fail', 'High')])).toEqual({ score: 85, grade: 'B' });
  expect(scoreChecks([check('fail', 'Medium'), check('fail', 'Low')])).toEqual({ score: 90, grade: 'A' });
  expect(scoreChecks([check('warning', 'High'), check('warning', 'Medium'), check('warning', 'Low')])).toEqual({
    score: 89,
    grade: 'B',
  });
  // Three failed High checks (no title, no description, no H1) cannot look good.
  expect(scoreChecks([check('fail', 'High'), check('fail', 'High'), check('fail', 'High')])).toEqual({
    score: 55,
    grade: 'F',
  });
  expect(scoreChecks(Array.from({ length: 22 }, () => check('fail', 'High')))).toEqual({ score: 0, grade: 'F' });
});

test('grade bands: A 90+, B 80+, C 70+, D 60+, F below', () => {
  expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 0].map(gradeFor)).toEqual([
    'A',
    'A',
    'B',
    'B',
    'C',
    'C',
    'D',
    'D',
    'F',
    'F',
  ]);
});

test('urgency order: failures, then warnings, then passes; High first within each; stable otherwise', () => {
  const checks = [
    { id: 'a', ...check('pass', 'High') },
    { id: 'b', ...check('warning', 'Low') },
    { id: 'c', ...check('fail', 'Low') },
    { id: 'd', ...check('warning', 'High') },
    { id: 'e', ...check('fail', 'High') },
    { id: 'f', ...check('fail', 'Low') },
  ];
  expect(byUrgency(checks).map((item) => item.id)).toEqual(['e', 'c', 'f', 'd', 'b', 'a']);
});
