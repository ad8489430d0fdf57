import { expect, test } from 'vitest';
import { charsetOf, isHtmlContentType, parseRobotsDirectives, relIsNofollow } from './directives.ts';
import { lastmodFromHeader } from './lastmod.ts';

const BOT = 'DelhiSeoToolsBot';

test('parseRobotsDirectives reads noindex, nofollow and none in any case', () => {
  expect(parseRobotsDirectives('NOINDEX, follow', BOT)).toEqual({ noindex: true, nofollow: false });
  expect(parseRobotsDirectives('index,nofollow', BOT)).toEqual({ noindex: false, nofollow: true });
  expect(parseRobotsDirectives('none', BOT)).toEqual({ noindex: true, nofollow: true });
  expect(parseRobotsDirectives('index, follow, max-snippet:-1', BOT)).toEqual({ noindex: false, nofollow: false });
});

test('X-Robots-Tag directives scoped to another crawler do not apply to us', () => {
  expect(parseRobotsDirectives('googlebot: noindex', BOT)).toEqual({ noindex: false, nofollow: false });
  expect(parseRobotsDirectives('delhiseotoolsbot: noindex', BOT)).toEqual({ noindex: true, nofollow: false });
  expect(parseRobotsDirectives('unavailable_after: 25 Jun 2010, noindex', BOT).noindex).toBe(true);
});

test('relIsNofollow finds nofollow among other rel tokens only', () => {
  expect(relIsNofollow('noopener NoFollow')).toBe(true);
  expect(relIsNofollow('ugc sponsored')).toBe(false);
  expect(relIsNofollow(undefined)).toBe(false);
});

test('isHtmlContentType accepts HTML and XHTML only; charsetOf reads the charset', () => {
  expect(isHtmlContentType('text/html; charset=UTF-8')).toBe(true);
  expect(isHtmlContentType('application/xhtml+xml')).toBe(true);
  expect(isHtmlContentType('application/json')).toBe(false);
  expect(isHtmlContentType(undefined)).toBe(false);
  expect(charsetOf('text/html; charset="ISO-8859-1"')).toBe('iso-8859-1');
  expect(charsetOf('text/html')).toBeUndefined();
});

test('lastmodFromHeader turns an HTTP date into a W3C datetime and rejects nonsense', () => {
  const now = Date.UTC(2026, 0, 1);
  expect(lastmodFromHeader('Wed, 21 Oct 2015 07:28:00 GMT', now)).toBe('2015-10-21T07:28:00+00:00');
  expect(lastmodFromHeader('not a date', now)).toBeUndefined();
  expect(lastmodFromHeader('Wed, 21 Oct 2099 07:28:00 GMT', now)).toBeUndefined();
  expect(lastmodFromHeader(undefined, now)).toBeUndefined();
});
