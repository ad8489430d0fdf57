import { expect, test } from 'vitest';
import { parseInstagramUrl, parsePinterestUrl } from './platform-urls.ts';
import { pickVariant, resolutionOf } from './pick-variant.ts';

test.each([
  ['https://www.pinterest.com/pin/1001001001001001001/', { kind: 'pin', id: '1001001001001001001' }],
  ['https://in.pinterest.com/pin/street-food-delhi--1001001001001001001/', { kind: 'pin', id: '1001001001001001001' }],
  ['pinterest.co.uk/pin/123456789/', { kind: 'pin', id: '123456789' }],
  ['https://www.pinterest.com.au/pin/123456789', { kind: 'pin', id: '123456789' }],
  ['https://pin.it/aB3dE5f', { kind: 'short', code: 'aB3dE5f' }],
])('pinterest %s', (input, expected) => {
  expect(parsePinterestUrl(input)).toEqual(expected);
});

test.each([
  'https://www.pinterest.com/someuser/boards/',
  'https://pinterest.evil.example/pin/123456789/',
  'https://notpinterest.com/pin/123456789/',
  'https://www.instagram.com/reel/C1aBcDeFgHi/',
  'javascript:alert(1)',
  '',
])('not a pin: %s', (input) => {
  expect(parsePinterestUrl(input)).toBeUndefined();
});

test.each([
  ['https://www.instagram.com/reel/C1aBcDeFgHi/?igsh=abc', 'C1aBcDeFgHi'],
  ['https://instagram.com/reels/C1aBcDeFgHi', 'C1aBcDeFgHi'],
  ['https://www.instagram.com/p/C1aBcDeFgHi/', 'C1aBcDeFgHi'],
  ['https://www.instagram.com/delhi.food/reel/C1aBcDeFgHi/', 'C1aBcDeFgHi'],
  ['instagr.am/tv/C1aBcDeFgHi', 'C1aBcDeFgHi'],
])('instagram %s', (input, code) => {
  expect(parseInstagramUrl(input)).toBe(code);
});

test.each([
  'https://www.instagram.com/delhi.food/',
  'https://instagram.com.evil.example/reel/C1aBcDeFgHi/',
  'https://www.youtube.com/shorts/dQw4w9WgXcQ',
])('not a reel: %s', (input) => {
  expect(parseInstagramUrl(input)).toBeUndefined();
});

const variants = [
  { url: 'a', width: 720, height: 1280, label: 'V_720P' },
  { url: 'b', width: 480, height: 854, label: 'V_EXP6' },
  { url: 'c', label: 'V_360P' },
  { url: 'd', width: 1920, height: 1080 },
];

test('picks the largest rendition not above the one asked for', () => {
  expect(pickVariant(variants, 1080)?.url).toBe('d');
  expect(pickVariant(variants, 720)?.url).toBe('a');
  expect(pickVariant(variants, 600)?.url).toBe('b');
  expect(pickVariant(variants, 360)?.url).toBe('c');
});

test('when all are larger, the smallest; when none exist, nothing', () => {
  expect(pickVariant(variants.slice(0, 2), 240)?.url).toBe('b');
  expect(pickVariant([], 720)).toBeUndefined();
  expect(resolutionOf({ url: 'x', label: 'unknown' })).toBe(0);
});
