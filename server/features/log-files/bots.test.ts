import { expect, test } from 'vitest';
import {
  BING_IP,
  BINGBOT,
  BROWSER,
  GOOGLE_IP,
  GOOGLEBOT_DESKTOP,
  GOOGLEBOT_SMARTPHONE,
  GPTBOT,
  GPTBOT_IP,
  SPOOF_IP,
  YANDEXBOT,
} from '#test/fixtures/access-logs.ts';
import { LOG_FILE_BOTS } from '#views/model/log-file-bots.ts';
import { BOT_RULES, createBotClassifier, RULES_BY_ID } from './bots.ts';
import { addressValue, inRanges, RANGE_FILES, rangeSet } from './ranges.ts';
import { createVerifier } from './verify.ts';

const classify = createBotClassifier();
const idOf = (ua: string) => classify(ua)?.id;

test('user agents name their bot; the specific Google crawlers win over plain Googlebot', () => {
  expect(idOf(GOOGLEBOT_SMARTPHONE)).toBe('googlebot-smartphone');
  expect(idOf(GOOGLEBOT_DESKTOP)).toBe('googlebot-desktop');
  expect(idOf('Googlebot-Image/1.0')).toBe('googlebot-image');
  expect(idOf('Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)')).toBe('google-inspectiontool');
  expect(
    idOf(
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X) Chrome/99 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
    ),
  ).toBe('adsbot-google');
  expect(idOf('Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) Chrome/79 Safari/537.36')).toBe('storebot-google');
  expect(idOf('GoogleOther-Image/1.0')).toBe('googleother');
  expect(idOf(BINGBOT)).toBe('bingbot');
  expect(idOf(GPTBOT)).toBe('gptbot');
  expect(
    idOf(
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
    ),
  ).toBe('oai-searchbot');
  expect(
    idOf('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'),
  ).toBe('chatgpt-user');
  expect(
    idOf('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'),
  ).toBe('claudebot');
  expect(idOf('Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)')).toBe('claude-user');
  expect(
    idOf(
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    ),
  ).toBe('perplexitybot');
  expect(
    idOf(
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
    ),
  ).toBe('perplexity-user');
  expect(idOf('CCBot/2.0 (https://commoncrawl.org/faq/)')).toBe('ccbot');
  expect(
    idOf(
      'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
    ),
  ).toBe('bytespider');
  expect(
    idOf(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    ),
  ).toBe('applebot');
  expect(idOf(YANDEXBOT)).toBe('yandexbot');
  expect(idOf('Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)')).toBe(
    'baiduspider',
  );
  expect(idOf('DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)')).toBe('duckduckbot');
  expect(
    idOf(
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119 Safari/537.36',
    ),
  ).toBe('amazonbot');
  expect(idOf('meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)')).toBe(
    'meta-externalagent',
  );
  expect(idOf(BROWSER)).toBeUndefined();
  // Google-Extended is a robots.txt token: no crawler sends it, so it names no bot of its own.
  expect(LOG_FILE_BOTS.some((bot) => /extended/i.test(bot.id))).toBe(false);
});

test('every bot of the catalogue has one rule, and every range source it names is shipped', () => {
  expect(BOT_RULES.map((rule) => rule.id).sort()).toEqual(LOG_FILE_BOTS.map((bot) => bot.id).sort());
  for (const rule of BOT_RULES)
    for (const source of rule.ranges) expect(RANGE_FILES[source].prefixes.length).toBeGreaterThan(0);
});

test('addresses in the published ranges verify, others do not; IPv6 and IPv4-mapped forms too', () => {
  const google = rangeSet(RANGE_FILES['google-common-crawlers']);
  expect(inRanges(google, addressValue(GOOGLE_IP)!)).toBe(true);
  expect(inRanges(google, addressValue(`::ffff:${GOOGLE_IP}`)!)).toBe(true);
  expect(inRanges(google, addressValue('2001:4860:4801:10::1')!)).toBe(true);
  expect(inRanges(google, addressValue(SPOOF_IP)!)).toBe(false);
  expect(inRanges(google, addressValue('8.8.8.8')!)).toBe(false); // Google's, but no crawler's
  expect(addressValue('crawl-66-249-66-1.googlebot.com')).toBeUndefined();

  const verifier = createVerifier({ dns: false, dnsServers: [], maxLookups: 10 });
  expect(verifier.known(RULES_BY_ID.get('googlebot-smartphone')!, GOOGLE_IP)).toBe(true);
  expect(verifier.known(RULES_BY_ID.get('googlebot-desktop')!, SPOOF_IP)).toBe(false);
  expect(verifier.known(RULES_BY_ID.get('bingbot')!, BING_IP)).toBe(true);
  expect(verifier.known(RULES_BY_ID.get('gptbot')!, GPTBOT_IP)).toBe(true);
  // A Google address with Bing's name is not Bing.
  expect(verifier.known(RULES_BY_ID.get('bingbot')!, GOOGLE_IP)).toBe(false);
  // Without DNS, a bot that publishes no ranges is never verified; with DNS it waits for a lookup.
  expect(verifier.known(RULES_BY_ID.get('yandexbot')!, SPOOF_IP)).toBe(false);
  const withDns = createVerifier({ dns: true, dnsServers: ['127.0.0.1:9'], maxLookups: 10 });
  expect(withDns.known(RULES_BY_ID.get('yandexbot')!, SPOOF_IP)).toBeUndefined();
  expect(withDns.known(RULES_BY_ID.get('gptbot')!, SPOOF_IP)).toBe(false);
});
