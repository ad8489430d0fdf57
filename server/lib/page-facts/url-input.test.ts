import { expect, test } from 'vitest';
import { FetchError } from '#server/lib/safe-fetch/errors.ts';
import { checkedUrlInput, fallsBackToHttp, withHttpFallback } from './url-input.ts';

const httpsUrl = 'https://example.com/';
const failure = (
  code: ConstructorParameters<typeof FetchError>[0],
  systemCode?: string,
  extra: { url?: string; redirects?: FetchError['redirects'] } = {},
) => new FetchError(code, 'failed', { url: extra.url ?? httpsUrl, systemCode, redirects: extra.redirects });

test('checkedUrlInput: a bare domain may fall back, an explicit scheme may not, garbage and credentials are invalid input', () => {
  expect(checkedUrlInput(' example.com ')).toEqual({ url: 'https://example.com/', httpFallback: true });
  expect(checkedUrlInput('https://example.com')).toEqual({ url: 'https://example.com/', httpFallback: false });
  expect(checkedUrlInput('http://example.com')).toEqual({ url: 'http://example.com/', httpFallback: false });
  expect(() => checkedUrlInput('../../etc/passwd')).toThrow(
    expect.objectContaining({
      kind: 'invalid-input',
      message: 'Please enter a valid URL (for example https://example.com/).',
    }),
  );
  expect(() => checkedUrlInput('user:pw@example.com')).toThrow(
    expect.objectContaining({
      kind: 'invalid-input',
      message: 'URLs containing a username or password are not allowed.',
    }),
  );
});

test('only a connection-level failure of the first https hop falls back: TLS, refused, reset', () => {
  expect(
    [
      failure('tls', 'EPROTO'),
      failure('tls', 'CERT_HAS_EXPIRED'),
      failure('network', 'ECONNREFUSED'),
      failure('network', 'ECONNRESET'),
    ].map(fallsBackToHttp),
  ).toEqual([true, true, true, true]);
  const stays = [
    failure('timeout'),
    failure('dns'),
    failure('forbidden-address'),
    failure('network', 'EHOSTUNREACH'),
    failure('network', 'ECONNREFUSED', { url: 'http://example.com/' }),
    failure('tls', 'EPROTO', { redirects: [{ url: 'http://example.com/', status: 301, location: httpsUrl }] }),
    new Error('not a fetch error'),
  ];
  expect(stays.map(fallsBackToHttp)).toEqual(stays.map(() => false));
});

test('withHttpFallback tries http once for a bare domain, never for a typed https://', async () => {
  const tried: string[] = [];
  const attempt = async (url: string) => {
    tried.push(url);
    if (url.startsWith('https:')) throw failure('tls', 'EPROTO', { url });
    return 'ok';
  };
  await expect(withHttpFallback({ url: 'https://example.com/a?b', httpFallback: true }, attempt)).resolves.toBe('ok');
  await expect(
    withHttpFallback({ url: 'https://example.com/a?b', httpFallback: false }, attempt),
  ).rejects.toMatchObject({ code: 'tls' });
  expect(tried).toEqual(['https://example.com/a?b', 'http://example.com/a?b', 'https://example.com/a?b']);
});
