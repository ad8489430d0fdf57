import { expect, test } from 'vitest';
import { createCapacity } from './capacity.ts';

test('a capacity hands out what it has, refuses past it, and takes each release once', () => {
  const budget = createCapacity(10);
  const a = budget.tryTake(6);
  const b = budget.tryTake(4);
  expect([a, b].every(Boolean)).toBe(true);
  expect(budget.tryTake(1)).toBeNull();
  a!();
  a!();
  expect(budget.used).toBe(4);
  expect(budget.tryTake(7)).toBeNull();
  expect(budget.tryTake(6)).not.toBeNull();
});

test('one item larger than the whole budget may run alone, never beside another', () => {
  const budget = createCapacity(10);
  const big = budget.tryTake(25);
  expect(big).not.toBeNull();
  expect(budget.tryTake(1)).toBeNull();
  big!();
  const small = budget.tryTake(1);
  expect(small).not.toBeNull();
  expect(budget.tryTake(25)).toBeNull();
});
