import { expect, test } from 'vitest';
import { classifyAddress } from './address-policy.ts';
import { parseTargetUrl, resolveTarget } from './target.ts';
import { FetchError } from './errors.ts';

const refused: Array<[string, string]> = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT'],
  ['169.254.169.254', 'link-local metadata'],
  ['169.254.0.1', 'link-local'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.10', 'documentation TEST-NET-1'],
  ['198.51.100.7', 'documentation TEST-NET-2'],
  ['203.0.113.9', 'documentation TEST-NET-3'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.1', 'benchmarking'],
  ['::', 'IPv6 unspecified'],
  ['::1', 'IPv6 loopback'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with zone'],
  ['fc00::1', 'IPv6 unique local'],
  ['fd12:3456:789a::1', 'IPv6 unique local'],
  ['fec0::1', 'IPv6 site-local'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
  ['::ffff:10.1.2.3', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a00:1', 'NAT64 of private'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of private'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['2001:2::1', 'IPv6 benchmarking'],
  ['100::1', 'IPv6 discard'],
  ['::2', 'IPv6 reserved low space'],
  ['not-an-ip', 'garbage'],
];

const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '151.101.1.69',
  '2606:4700:4700::1111',
  '2a00:1450:4009:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

test('the classifier refuses every private, reserved and embedded-private address in the table', () => {
  expect(refused.length + allowed.length).toBeGreaterThanOrEqual(40);
  const wronglyAllowed = refused
    .filter(([address]) => classifyAddress(address).allowed)
    .map(([address, label]) => `${address} (${label})`);
  expect(wronglyAllowed).toEqual([]);
});

test('the classifier lets public unicast addresses through, including public IPv4 inside IPv6 forms', () => {
  const wronglyRefused = allowed.filter((address) => !classifyAddress(address).allowed);
  expect(wronglyRefused).toEqual([]);
});

const oddSpellings = [
  'http://2130706433/',
  'http://0x7f000001/',
  'http://127.1/',
  'http://0177.0.0.1/',
  'http://0x7f.0.0.1/',
  'http://127.000.000.001/',
  'http://0/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[0:0:0:0:0:ffff:7f00:1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://2852039166/',
  'http://[fe80::1]/',
];

function neverResolve(): Promise<never> {
  throw new Error('the resolver must not be asked about IP literals');
}

test('odd spellings of loopback and metadata addresses are normalised by URL parsing and refused as invalid input', async () => {
  for (const spelling of oddSpellings) {
    const url = parseTargetUrl(spelling);
    const error = await resolveTarget(url, new Set(), neverResolve).catch((caught: unknown) => caught);
    expect(error, spelling).toBeInstanceOf(FetchError);
    expect((error as FetchError).code, spelling).toBe('forbidden-address');
    expect((error as FetchError).kind, spelling).toBe('invalid-input');
  }
});

test('a host name resolving to any private address is refused, even when another answer is public', async () => {
  const url = parseTargetUrl('https://mixed.example/');
  const error = (await resolveTarget(url, new Set(), async () => [
    { address: '8.8.8.8', family: 4 },
    { address: '10.0.0.5', family: 4 },
  ]).catch((caught: unknown) => caught)) as FetchError;
  expect(error.code).toBe('forbidden-address');
  expect(error.message).toContain('10.0.0.5');
});

test('a public host name resolves to the address the socket will use', async () => {
  const target = await resolveTarget(parseTargetUrl('https://public.example/page'), new Set(), async () => [
    { address: '93.184.216.34', family: 4 },
  ]);
  expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
});

test('allowPrivate exempts only the exact host and port listed', async () => {
  const allow = new Set(['127.0.0.1:4321']);
  await expect(resolveTarget(parseTargetUrl('http://127.0.0.1:4321/'), allow, neverResolve)).resolves.toMatchObject({
    address: '127.0.0.1',
  });
  await expect(resolveTarget(parseTargetUrl('http://127.0.0.1:4322/'), allow, neverResolve)).rejects.toMatchObject({
    code: 'forbidden-address',
  });
  await expect(resolveTarget(parseTargetUrl('http://127.0.0.1/'), allow, neverResolve)).rejects.toMatchObject({
    code: 'forbidden-address',
  });
});

test('bad URLs are refused with clear 400 errors before any lookup', () => {
  const cases: Array<[string, string]> = [
    ['not a url', 'invalid-url'],
    ['ftp://example.com/file', 'unsupported-protocol'],
    ['file:///etc/passwd', 'unsupported-protocol'],
    ['javascript:alert(1)', 'unsupported-protocol'],
    ['http://user:secret@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
  ];
  for (const [input, code] of cases) {
    let caught: unknown;
    try {
      parseTargetUrl(input);
    } catch (error) {
      caught = error;
    }
    expect(caught, input).toMatchObject({ code, kind: 'invalid-input' });
  }
});

test('a failed DNS lookup is reported as a 502 naming the host', async () => {
  const error = (await resolveTarget(parseTargetUrl('https://no-such-host.invalid/'), new Set(), async () => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  }).catch((caught: unknown) => caught)) as FetchError;
  expect(error).toMatchObject({ code: 'dns', kind: 'upstream' });
  expect(error.message).toContain('no-such-host.invalid');
});
