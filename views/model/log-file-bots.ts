/**
 * The crawlers the log analyser recognises by user agent (issue 36, docs/decisions/0055), in the order
 * the page lists them. The server adds how each is matched and verified (server/features/log-files/bots.ts);
 * the browser needs only the names.
 */
export interface LogFileBot {
  id: string;
  name: string;
  /** Who runs it. */
  operator: string;
  kind: 'search' | 'ai';
  /** Googlebot's five crawlers answer to `googlebot` as well as their own id (the API's `bot=` filter). */
  family: string;
}

const bot = (id: string, name: string, operator: string, kind: LogFileBot['kind'], family = id): LogFileBot => ({
  id,
  name,
  operator,
  kind,
  family,
});

export const LOG_FILE_BOTS: readonly LogFileBot[] = [
  bot('googlebot-smartphone', 'Googlebot Smartphone', 'Google', 'search', 'googlebot'),
  bot('googlebot-desktop', 'Googlebot Desktop', 'Google', 'search', 'googlebot'),
  bot('googlebot-image', 'Googlebot-Image', 'Google', 'search', 'googlebot'),
  bot('googlebot-news', 'Googlebot-News', 'Google', 'search', 'googlebot'),
  bot('googlebot-video', 'Googlebot-Video', 'Google', 'search', 'googlebot'),
  bot('adsbot-google', 'AdsBot-Google', 'Google', 'search'),
  bot('storebot-google', 'Storebot-Google', 'Google', 'search'),
  bot('google-inspectiontool', 'Google-InspectionTool', 'Google', 'search'),
  bot('googleother', 'GoogleOther', 'Google', 'search'),
  bot('bingbot', 'Bingbot', 'Microsoft', 'search'),
  bot('applebot', 'Applebot', 'Apple', 'search'),
  bot('yandexbot', 'YandexBot', 'Yandex', 'search'),
  bot('baiduspider', 'Baiduspider', 'Baidu', 'search'),
  bot('duckduckbot', 'DuckDuckBot', 'DuckDuckGo', 'search'),
  bot('gptbot', 'GPTBot', 'OpenAI', 'ai'),
  bot('oai-searchbot', 'OAI-SearchBot', 'OpenAI', 'ai'),
  bot('chatgpt-user', 'ChatGPT-User', 'OpenAI', 'ai'),
  bot('claudebot', 'ClaudeBot', 'Anthropic', 'ai'),
  bot('claude-user', 'Claude-User', 'Anthropic', 'ai'),
  bot('perplexitybot', 'PerplexityBot', 'Perplexity', 'ai'),
  bot('perplexity-user', 'Perplexity-User', 'Perplexity', 'ai'),
  bot('ccbot', 'CCBot', 'Common Crawl', 'ai'),
  bot('bytespider', 'Bytespider', 'ByteDance', 'ai'),
  bot('amazonbot', 'Amazonbot', 'Amazon', 'ai'),
  bot('meta-externalagent', 'meta-externalagent', 'Meta', 'ai'),
];

/** People and every client that is no known bot: counted per day only, never per URL. */
export const OTHER_CLIENTS = 'other';

/**
 * Product tokens that exist only in robots.txt: no request ever carries them as its user agent, so
 * no log line can show them. What they control is crawled by the bots above.
 */
export const ROBOTS_ONLY_TOKENS: readonly { token: string; explanation: string }[] = [
  {
    token: 'Google-Extended',
    explanation:
      'Google-Extended is a robots.txt token, not a crawler: Googlebot does the fetching, and the token only says whether what it fetched may train or ground Gemini. It never appears in an access log.',
  },
  {
    token: 'Applebot-Extended',
    explanation:
      'Applebot-Extended is a robots.txt token: Applebot crawls, and the token says whether the content may train Apple’s models.',
  },
];

const byId = new Map(LOG_FILE_BOTS.map((entry) => [entry.id, entry]));

/** A bot's display name ('other' and unknown ids as given). */
export function botName(id: string): string {
  if (id === OTHER_CLIENTS) return 'People and other clients';
  return byId.get(id)?.name ?? id;
}

/** The bot ids a `bot=` filter names: one bot, or a family (`googlebot`). Empty when it names none. */
export function botsNamed(filter: string): string[] {
  return LOG_FILE_BOTS.filter((entry) => entry.id === filter || entry.family === filter).map((entry) => entry.id);
}
