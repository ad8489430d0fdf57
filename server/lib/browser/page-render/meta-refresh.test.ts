import { expect, test } from 'vitest';
import { metaRefreshTarget } from './meta-refresh.ts';

const BASE = 'https://example.in/dir/page';

test('the declarative refresh forms name an address, resolved against the page', () => {
  expect(metaRefreshTarget('0;url=/x', BASE)).toBe('https://example.in/x');
  expect(metaRefreshTarget("5; URL='next?a=1'", BASE)).toBe('https://example.in/dir/next?a=1');
  expect(metaRefreshTarget('0, "https://other.in/"', BASE)).toBe('https://other.in/');
  expect(metaRefreshTarget('  1.5 ; url = /y  ', BASE)).toBe('https://example.in/y');
  expect(metaRefreshTarget('0;/z', BASE)).toBe('https://example.in/z');
});

test('a plain reload, content without a delay and non-http addresses are no redirect', () => {
  expect(metaRefreshTarget('30', BASE)).toBeUndefined();
  expect(metaRefreshTarget('0;', BASE)).toBeUndefined();
  expect(metaRefreshTarget('url=/x', BASE)).toBeUndefined();
  expect(metaRefreshTarget('0;url=javascript:alert(1)', BASE)).toBeUndefined();
  expect(metaRefreshTarget("0;url=''", BASE)).toBeUndefined();
});
