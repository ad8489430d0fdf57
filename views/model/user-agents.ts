/**
 * The User-Agent choices of the redirect checker: sites sometimes redirect browsers and Google's
 * crawler differently (mobile sites, bot blocks), so the visitor can see either path. The strings
 * are the ones Chrome 131 on Windows sends and the one Google documents for Googlebot smartphone
 * (https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers).
 */
export const USER_AGENTS = {
  browser: {
    label: 'Browser (Chrome)',
    header:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
  'googlebot-smartphone': {
    label: 'Googlebot smartphone',
    header:
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  },
} as const;

export type UserAgentChoice = keyof typeof USER_AGENTS;
export const USER_AGENT_CHOICES = Object.keys(USER_AGENTS) as UserAgentChoice[];
export const DEFAULT_USER_AGENT: UserAgentChoice = 'browser';
