import { expect, test } from 'vitest';
import { stepClock, type StepTimes } from './steps.ts';

test('each step runs from the previous mark, in the order marked; without a record nothing is kept', () => {
  let time = 100;
  const steps: StepTimes = {};
  const mark = stepClock(steps, () => time);
  time += 1_500.4;
  mark('graph');
  time += 20_000;
  mark('batches');
  mark('issues');
  expect(steps).toEqual({ graph: 1_500, batches: 20_000, issues: 0 });
  expect(Object.keys(steps)).toEqual(['graph', 'batches', 'issues']);
  const silent = stepClock(undefined, () => time);
  time += 5;
  expect(() => silent('graph')).not.toThrow();
});
