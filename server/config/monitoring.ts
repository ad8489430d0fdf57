import { wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

/**
 * Site monitoring (issue 25, docs/decisions/0043): scheduled re-audits of a site with alerts. Every
 * limit a visitor can reach is here, and past each one the API answers a message that says which.
 */
export const monitoring = defineSection({
  env: {
    MONITOR_SCORE_DROP: wholeNumber({ min: 1, max: 100, fallback: 5 }),
    MONITOR_MAX_PER_EMAIL: wholeNumber({ min: 1, max: 1000, fallback: 3 }),
    MONITOR_MAX_SITES: wholeNumber({ min: 1, max: 100_000, fallback: 100 }),
    MONITOR_MAX_PAGES: wholeNumber({ min: 1, max: 50_000, fallback: 500 }),
    MONITOR_CONFIRM_PER_EMAIL_HOUR: wholeNumber({ min: 1, max: 1000, fallback: 3 }),
    MONITOR_CONFIRM_PER_IP_HOUR: wholeNumber({ min: 1, max: 10_000, fallback: 10 }),
    MONITOR_CHECK_NOW_PER_HOUR: wholeNumber({ min: 1, max: 1000, fallback: 2 }),
    MONITOR_WATCH_INTERVAL_S: wholeNumber({ min: 0, max: 86_400, fallback: 900 }),
    MONITOR_WATCH_PAGES: wholeNumber({ min: 1, max: 5000, fallback: 500 }),
    MONITOR_WATCH_WORD_CHANGE: wholeNumber({ min: 1, max: 100_000, fallback: 50 }),
    MONITOR_WATCH_HOST_CONCURRENCY: wholeNumber({ min: 1, max: 16, fallback: 2 }),
    MONITOR_WATCH_RECHECK_S: wholeNumber({ min: 1, max: 3600, fallback: 60 }),
    MONITOR_HISTORY_DAYS: wholeNumber({ min: 1, max: 3650, fallback: 365 }),
    MONITOR_HISTORY_MB: wholeNumber({ min: 1, max: 10_000, fallback: 10 }),
  },
  read: (env) => ({
    /** Points the score must fall between two runs to alert (a monitor may set its own). */
    scoreDrop: env.MONITOR_SCORE_DROP,
    /** Confirmed visitor monitors one mailbox may hold (unconfirmed requests do not count: strangers could make them). */
    maxPerEmail: env.MONITOR_MAX_PER_EMAIL,
    /** Distinct sites monitored in total (visitors' and clients'). */
    maxSites: env.MONITOR_MAX_SITES,
    /** Pages crawled per monitored audit (below SITE_AUDIT_MAX_PAGES when that is lower). */
    maxPages: env.MONITOR_MAX_PAGES,
    /** Confirmation mails per mailbox, and per IP (an IPv6 client by its /64), per hour. */
    confirmPerEmailHour: env.MONITOR_CONFIRM_PER_EMAIL_HOUR,
    confirmPerIpHour: env.MONITOR_CONFIRM_PER_IP_HOUR,
    /** "Check now" runs per monitor per hour. */
    checkNowPerHour: env.MONITOR_CHECK_NOW_PER_HOUR,
    /** The change watch (issue 35, docs/decisions/0057): every watched page re-read this often; 0 turns the watch off. */
    watch: {
      intervalMs: env.MONITOR_WATCH_INTERVAL_S * 1000,
      /** Pages watched per monitor (the start page, the last audit's most-linked pages, the sitemap's). */
      maxPages: env.MONITOR_WATCH_PAGES,
      /** Words a page's text must gain or lose to count as a change (counters and dates do not). */
      wordChange: env.MONITOR_WATCH_WORD_CHANGE,
      /** Reads of one site at once (one at a time, spaced, where robots.txt sets a Crawl-delay). */
      hostConcurrency: env.MONITOR_WATCH_HOST_CONCURRENCY,
      /** A page's new error is held, not recorded, and the page read again this much later: back, it is a blip. */
      recheckMs: env.MONITOR_WATCH_RECHECK_S * 1000,
      /** A monitor's change history: kept this many days, within this many bytes (the oldest go first). */
      historyDays: env.MONITOR_HISTORY_DAYS,
      historyBytes: env.MONITOR_HISTORY_MB * 1024 * 1024,
    },
  }),
});

export type MonitoringSettings = ReturnType<typeof monitoring.read>;
