import { LOG_FILE_BOTS } from '#views/model/log-file-bots.ts';
import { detached } from './log-fields.ts';
import type { RangeSource } from './ranges.ts';

/**
 * How each bot of the catalogue (views/model/log-file-bots.ts) is recognised, and how a hit is
 * verified: its address in one of the ranges its operator publishes (shipped in ./bot-ranges/), or,
 * when the operator allows DNS (LOG_FILES_DNS_VERIFY), a reverse lookup ending in one of the
 * operator's documented host names whose forward lookup gives the address back.
 */
export interface BotRule {
  id: string;
  /** Tested against the user agent, in catalogue order: the first match names the bot. */
  test(userAgent: string): boolean;
  ranges: readonly RangeSource[];
  /** Host name suffixes the operator documents for reverse DNS. */
  dns: readonly string[];
}

const token = (pattern: RegExp) => (userAgent: string) => pattern.test(userAgent);

/** Google documents googlebot.com, google.com and googleusercontent.com for every one of its crawlers. */
const GOOGLE_DNS = ['googlebot.com', 'google.com', 'googleusercontent.com'];
const common = { ranges: ['google-common-crawlers'] as RangeSource[], dns: GOOGLE_DNS };

const RULES: Record<string, Omit<BotRule, 'id'>> = {
  // Googlebot's image, news and video crawlers name themselves; Smartphone and Desktop share Googlebot/2.1.
  'googlebot-image': { test: token(/Googlebot-Image/i), ...common },
  'googlebot-news': { test: token(/Googlebot-News/i), ...common },
  'googlebot-video': { test: token(/Googlebot-Video/i), ...common },
  'googlebot-smartphone': { test: (ua) => /Googlebot\//i.test(ua) && /\bMobile\b/.test(ua), ...common },
  'googlebot-desktop': { test: token(/Googlebot/i), ...common },
  'adsbot-google': { test: token(/AdsBot-Google/i), ranges: ['google-special-crawlers'], dns: GOOGLE_DNS },
  'storebot-google': { test: token(/Storebot-Google/i), ...common },
  'google-inspectiontool': { test: token(/Google-InspectionTool/i), ...common },
  googleother: { test: token(/GoogleOther/i), ...common },
  bingbot: { test: token(/bingbot/i), ranges: ['bingbot'], dns: ['search.msn.com'] },
  applebot: { test: token(/Applebot/i), ranges: ['applebot'], dns: ['applebot.apple.com'] },
  yandexbot: { test: token(/YandexBot/i), ranges: [], dns: ['yandex.ru', 'yandex.net', 'yandex.com'] },
  baiduspider: { test: token(/Baiduspider/i), ranges: [], dns: ['baidu.com', 'baidu.jp'] },
  duckduckbot: { test: token(/DuckDuckBot/i), ranges: ['duckduckbot'], dns: [] },
  gptbot: { test: token(/GPTBot/i), ranges: ['gptbot'], dns: [] },
  'oai-searchbot': { test: token(/OAI-SearchBot/i), ranges: ['oai-searchbot'], dns: [] },
  'chatgpt-user': { test: token(/ChatGPT-User/i), ranges: ['chatgpt-user'], dns: [] },
  // Anthropic publishes one list for all its crawlers and fetchers.
  claudebot: { test: token(/ClaudeBot/i), ranges: ['anthropic'], dns: [] },
  'claude-user': { test: token(/Claude-User/i), ranges: ['anthropic'], dns: [] },
  perplexitybot: { test: token(/PerplexityBot/i), ranges: ['perplexitybot'], dns: [] },
  'perplexity-user': { test: token(/Perplexity-User/i), ranges: ['perplexity-user'], dns: [] },
  ccbot: { test: token(/CCBot/i), ranges: ['ccbot'], dns: [] },
  bytespider: { test: token(/Bytespider/i), ranges: [], dns: [] },
  amazonbot: { test: token(/Amazonbot/i), ranges: [], dns: ['crawl.amazonbot.amazon'] },
  'meta-externalagent': { test: token(/meta-externalagent/i), ranges: [], dns: [] },
};

// Matching order: the specific Google crawlers before plain Googlebot, which their agents also contain.
const ORDER = [
  'googlebot-image',
  'googlebot-news',
  'googlebot-video',
  'adsbot-google',
  'storebot-google',
  'google-inspectiontool',
  'googleother',
  'googlebot-smartphone',
  'googlebot-desktop',
];

export const BOT_RULES: readonly BotRule[] = [
  ...ORDER,
  ...LOG_FILE_BOTS.map((entry) => entry.id).filter((id) => !ORDER.includes(id)),
].map((id) => ({ id, ...RULES[id]! }));

export const RULES_BY_ID: ReadonlyMap<string, BotRule> = new Map(BOT_RULES.map((rule) => [rule.id, rule]));

/** Any of the tokens above, to skip most browsers' agents in one test. */
const ANY_BOT =
  /bot|google|spider|duckduck|gpt|claude|perplexity|bytespider|amazon|meta-external|applebot|yandex|baidu|storebot/i;

/** Distinct user agents remembered; past it the memory starts again (real logs hold a few thousand). */
const UA_CACHE_SIZE = 20_000;

/** Classifies user agents, remembering each answer: most lines repeat an agent seen before. */
export function createBotClassifier(): (userAgent: string) => BotRule | undefined {
  const cache = new Map<string, BotRule | null>();
  return (userAgent) => {
    const known = cache.get(userAgent);
    if (known !== undefined) return known ?? undefined;
    const rule = ANY_BOT.test(userAgent) ? BOT_RULES.find((candidate) => candidate.test(userAgent)) : undefined;
    if (cache.size >= UA_CACHE_SIZE) cache.clear();
    // A copy: the agent is a slice of the chunk its line came from.
    cache.set(detached(userAgent), rule ?? null);
    return rule;
  };
}
