import { expect, test } from 'vitest';
import {
  BROKEN_LINES,
  BROWSER,
  cloudflareLine,
  combinedLine,
  commonLine,
  GOOGLE_IP,
  GOOGLEBOT_SMARTPHONE,
  jsonLine,
  PLANTED,
  w3cLine,
  W3C_HEADER,
} from '#test/fixtures/access-logs.ts';
import { maskAddresses } from './analyse.ts';
import { detectFormat, parserFor, type LogRecord } from './formats.ts';
import { MAX_LOGGED_URL, requestTarget } from './log-fields.ts';

const hit = PLANTED[3]!; // Googlebot Smartphone, /a?utm=1, 200, 700 bytes, 2026-11-01T12:00:00Z
const expected: LogRecord = {
  ip: GOOGLE_IP,
  time: Date.parse('2026-11-01T12:00:00Z'),
  url: '/a?utm=1',
  status: 200,
  bytes: 700,
  userAgent: GOOGLEBOT_SMARTPHONE,
};

test('each format is detected from its first lines and its lines parse to the same record', () => {
  const cases = [
    { format: 'combined', lines: PLANTED.map(combinedLine) },
    { format: 'cloudflare', lines: PLANTED.map(cloudflareLine) },
    { format: 'json', lines: PLANTED.map(jsonLine) },
    { format: 'w3c', lines: [...W3C_HEADER, ...PLANTED.map(w3cLine)] },
  ] as const;
  for (const { format, lines } of cases) {
    expect(detectFormat(lines)?.format, format).toBe(format);
    const parser = parserFor(format);
    const records = lines.map((line) => parser.parse(line)).filter((record) => record);
    expect(records, format).toHaveLength(PLANTED.length);
    // IIS writes an agent's spaces as '+', so a '+' in it reads back as a space.
    const agent = format === 'w3c' ? GOOGLEBOT_SMARTPHONE.replace(/\+/g, ' ') : GOOGLEBOT_SMARTPHONE;
    expect(records[3], format).toEqual({ ...expected, userAgent: agent });
  }
});

test('the common log format (no user agent) is told from the combined one', () => {
  const lines = PLANTED.map(commonLine);
  expect(detectFormat(lines)).toEqual({ format: 'common', parsed: PLANTED.length, tried: PLANTED.length });
  expect(parserFor('common').parse(lines[3]!)).toEqual({ ...expected, userAgent: '' });
});

test('nginx and Apache variants: time zones, escaped quotes, a virtual host first, "-" bytes, absolute targets', () => {
  const parser = parserFor('combined');
  expect(
    parser.parse(
      'www.example.com:443 66.249.66.1 - - [01/Nov/2026:17:30:00 +0530] "GET http://www.example.com/a?utm=1 HTTP/1.1" 200 - "-" "say \\"hi\\" Googlebot/2.1"',
    ),
  ).toEqual({
    ip: GOOGLE_IP,
    time: Date.parse('2026-11-01T12:00:00Z'),
    url: '/a?utm=1',
    status: 200,
    bytes: 0,
    userAgent: 'say \\"hi\\" Googlebot/2.1',
  });
  // A request line that is no request (a client that sent garbage) still counts, under its text.
  expect(parser.parse(`${GOOGLE_IP} - - [01/Nov/2026:12:00:00 +0000] "-" 400 0 "-" "-"`)?.url).toBe('-');
});

test('lines that do not parse are told apart from lines to skip', () => {
  const parser = parserFor('combined');
  for (const line of BROKEN_LINES) expect(parser.parse(line)).toBeUndefined();
  expect(parser.parse('')).toBeNull();
  const w3c = parserFor('w3c');
  expect(w3c.parse(w3cLine(hit))).toBeUndefined(); // no #Fields yet
  expect(w3c.parse(W3C_HEADER[3]!)).toBeNull();
  expect(w3c.parse(w3cLine(hit))).toMatchObject({ url: '/a?utm=1', status: 200, time: expected.time });
});

test('text that is not an access log is detected as none', () => {
  expect(detectFormat(['# A README', '', 'Some prose about logs.', 'GET / is how it starts'])).toBeUndefined();
  expect(detectFormat(['{"name": "package", "version": "1.0.0"}'])).toBeUndefined();
  // One log line among ten lines of prose is not a log.
  expect(detectFormat([combinedLine(hit), ...Array.from({ length: 9 }, (_, n) => `prose line ${n}`)])).toBeUndefined();
  expect(detectFormat([combinedLine(hit), 'prose', 'more prose'])?.format).toBe('combined');
});

test('request targets: path and query kept, non-ASCII percent-encoded, long ones cut', () => {
  expect(requestTarget('GET /a%20b?x=1 HTTP/2.0')).toBe('/a%20b?x=1');
  expect(requestTarget('/café')).toBe('/caf%C3%A9');
  expect(requestTarget('/a\tb')).toBe('/a%09b');
  expect(requestTarget('https://example.com')).toBe('/');
  expect(requestTarget(`/${'x'.repeat(5000)}`)).toHaveLength(MAX_LOGGED_URL);
});

test('addresses are masked in the lines shown back, times are not', () => {
  expect(
    maskAddresses(`${GOOGLE_IP} - - [01/Nov/2026:13:55:36 +0000] "GET /" from 2001:db8::1 and ::ffff:10.0.0.1`),
  ).toBe('[address] - - [01/Nov/2026:13:55:36 +0000] "GET /" from [address] and ::ffff:[address]');
  expect(maskAddresses(BROWSER.repeat(10))).toHaveLength(300);
});
