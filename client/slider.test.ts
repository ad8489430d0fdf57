import { afterEach, expect, test, vi } from 'vitest';
import { createSliderController } from '#client/slider.ts';

afterEach(() => {
  vi.useRealTimers();
});

function recording(count = 3, interval = 3000) {
  vi.useFakeTimers();
  const shown: number[] = [];
  const controller = createSliderController(count, interval, (index) => shown.push(index));
  return { controller, shown };
}

test('advances one slide every 3000 ms and wraps around', () => {
  const { controller, shown } = recording();
  vi.advanceTimersByTime(2999);
  expect(shown).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(shown).toEqual([1]);
  vi.advanceTimersByTime(6000);
  expect(shown).toEqual([1, 2, 0]);
  expect(controller.index).toBe(0);
  controller.destroy();
});

test('pauses while hovered or focused and resumes only when both end', () => {
  const { controller, shown } = recording();
  controller.pause('hover');
  controller.pause('focus');
  vi.advanceTimersByTime(10_000);
  expect(shown).toEqual([]);
  controller.resume('hover');
  vi.advanceTimersByTime(10_000);
  expect(shown).toEqual([]);
  controller.resume('focus');
  expect(controller.isPlaying()).toBe(true);
  vi.advanceTimersByTime(3000);
  expect(shown).toEqual([1]);
  controller.destroy();
});

test('arrows and dots move immediately and restart the countdown', () => {
  const { controller, shown } = recording();
  vi.advanceTimersByTime(2500);
  controller.next();
  expect(shown).toEqual([1]);
  vi.advanceTimersByTime(2999);
  expect(shown).toEqual([1]);
  controller.prev();
  controller.prev();
  expect(controller.index).toBe(2);
  controller.goTo(0);
  expect(shown).toEqual([1, 0, 2, 0]);
  controller.destroy();
});

test('reduced motion never auto-advances, but manual navigation still works', () => {
  const { controller, shown } = recording();
  controller.pause('reduced-motion');
  vi.advanceTimersByTime(30_000);
  expect(shown).toEqual([]);
  controller.next();
  vi.advanceTimersByTime(30_000);
  expect(shown).toEqual([1]);
  expect(controller.isPlaying()).toBe(false);
  controller.destroy();
});

test('a single slide never starts a timer', () => {
  const { controller } = recording(1);
  expect(controller.isPlaying()).toBe(false);
});

test('a pause asked for by the visitor holds through hover and focus until they press play', () => {
  const { controller, shown } = recording();
  controller.pause('user');
  controller.pause('hover');
  controller.resume('hover');
  vi.advanceTimersByTime(10_000);
  expect(shown).toEqual([]);
  expect(controller.isPausedFor('user')).toBe(true);
  expect(controller.isPausedFor('hover')).toBe(false);
  controller.resume('user');
  vi.advanceTimersByTime(3000);
  expect(shown).toEqual([1]);
  controller.destroy();
});
