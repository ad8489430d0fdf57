import { afterEach, expect, test } from 'vitest';
import { combinedLine, BINGBOT, plantedCombinedLog, SPOOF_IP } from '#test/fixtures/access-logs.ts';
import { startDnsServer } from '#test/fixtures/dns-server.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { uploadLog } from '#test/helpers/log-files.ts';
import { RULES_BY_ID } from './bots.ts';
import { createVerifier } from './verify.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * The resolver's table: SPOOF_IP is a real YandexBot (its name is Yandex's and points back); a "Bingbot"
 * whose name is Microsoft's but whose name points elsewhere; a "Googlebot" named under a look-alike domain.
 */
async function resolver() {
  const dns = await startDnsServer({
    ptr: {
      [SPOOF_IP]: ['spider-203-0-113-5.yandex.com'],
      '198.51.100.77': ['msnbot-198-51-100-77.search.msn.com'],
      '198.51.100.88': ['crawl-198-51-100-88.googlebot.com.evil.example'],
      '2001:db8::7': ['crawl-2001-db8--7.googlebot.com'],
    },
    a: {
      'spider-203-0-113-5.yandex.com': [SPOOF_IP],
      'msnbot-198-51-100-77.search.msn.com': ['198.51.100.78'],
      'crawl-198-51-100-88.googlebot.com.evil.example': ['198.51.100.88'],
    },
    aaaa: { 'crawl-2001-db8--7.googlebot.com': ['2001:db8::7'] },
  });
  cleanups.push(dns.close);
  return dns;
}

test('reverse-then-forward DNS verifies a bot whose name is its operator’s and points back, and only that', async () => {
  const dns = await resolver();
  const verifier = createVerifier({ dns: true, dnsServers: [dns.address], maxLookups: 100 });
  const rule = (id: string) => RULES_BY_ID.get(id)!;
  const pairs = [
    { rule: rule('yandexbot'), ip: SPOOF_IP },
    { rule: rule('bingbot'), ip: '198.51.100.77' },
    { rule: rule('googlebot-desktop'), ip: '198.51.100.88' },
    { rule: rule('googlebot-desktop'), ip: '2001:db8::7' },
    { rule: rule('googlebot-desktop'), ip: '198.51.100.99' },
    // The same address asked twice is looked up once.
    { rule: rule('yandexbot'), ip: SPOOF_IP },
  ];
  await verifier.lookup(pairs);
  expect(pairs.map(({ rule: r, ip }) => verifier.known(r, ip))).toEqual([true, false, false, true, false, true]);
  expect(verifier.lookups()).toBe(5);
  // A name that is not the operator's is never looked up forward.
  expect(dns.questions.filter((q) => q.name.startsWith('crawl-198-51-100-88'))).toEqual([]);
  expect(dns.questions.filter((q) => q.name === 'msnbot-198-51-100-77.search.msn.com')).toHaveLength(1);
});

test('past LOG_FILES_MAX_DNS_LOOKUPS addresses, the rest stay unverified without a lookup', async () => {
  const dns = await resolver();
  const verifier = createVerifier({ dns: true, dnsServers: [dns.address], maxLookups: 1 });
  const yandex = RULES_BY_ID.get('yandexbot')!;
  await verifier.lookup([
    { rule: yandex, ip: '198.51.100.1' },
    { rule: yandex, ip: SPOOF_IP },
  ]);
  expect(verifier.lookups()).toBe(1);
  expect(verifier.known(yandex, SPOOF_IP)).toBe(false);
  expect(dns.questions).toHaveLength(1);
});

test('with LOG_FILES_DNS_VERIFY=on the job verifies by DNS what no published range covers', async () => {
  const dns = await resolver();
  const made: TestApp = await createTestApp({
    file: true,
    env: { LOG_FILES_DNS_VERIFY: 'on', LOG_FILES_DNS_SERVERS: dns.address },
  });
  cleanups.push(() => made.close());
  const fakeBing = combinedLine({
    ip: '198.51.100.77',
    time: '2026-11-02T17:00:00.000Z',
    url: '/',
    status: 200,
    ua: BINGBOT,
  });
  const { view } = await uploadLog(made, { 'access.log': `${plantedCombinedLog()}${fakeBing}\n` });
  expect(view.dns).toEqual({ enabled: true, lookups: 3 });
  expect(view.bots).toEqual(
    expect.arrayContaining([
      { bot: 'yandexbot', name: 'YandexBot', verified: 1, unverified: 0, verifiable: true },
      // Its address is in Bing's ranges for the planted hits; the one whose name points elsewhere is not.
      { bot: 'bingbot', name: 'Bingbot', verified: 2, unverified: 1, verifiable: true },
      { bot: 'googlebot-desktop', name: 'Googlebot Desktop', verified: 0, unverified: 3, verifiable: true },
    ]),
  );
});
