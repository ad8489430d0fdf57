import { optionalText, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

/** Defaults of an audit run with "Render JavaScript" (server/features/site-audit/render/). */
export const SITE_AUDIT_RENDER_DEFAULTS = {
  // Render slots are a limit of their own (not the crawl's places): 12 pages of about 1.2 s each give the
  // 8 pages/s of issue 33 on two free cores (docs/decisions/0056, "Speed").
  concurrency: 12,
  timeoutMs: 15_000,
  waitMs: 5_000,
  memoryMb: 512,
  maxPages: 2000,
} as const;

/**
 * The site audit's JavaScript rendering: chrome-headless-shell when installed, else Chromium (CHROMIUM_PATH),
 * through the guarded fetcher.
 */
export const siteAuditRender = defineSection({
  env: {
    /**
     * The audit's browser; unset = /usr/bin/chromium-headless-shell when installed (no browser window to paint:
     * about a third less CPU per page, docs/decisions/0056 "Part 11"), else CHROMIUM_PATH's Chromium.
     */
    SITE_AUDIT_CHROMIUM_PATH: optionalText(),
    SITE_AUDIT_RENDER_CONCURRENCY: wholeNumber({ min: 1, max: 16, fallback: SITE_AUDIT_RENDER_DEFAULTS.concurrency }),
    SITE_AUDIT_RENDER_TIMEOUT_MS: wholeNumber({
      min: 1000,
      max: 60_000,
      fallback: SITE_AUDIT_RENDER_DEFAULTS.timeoutMs,
    }),
    SITE_AUDIT_RENDER_WAIT_MS: wholeNumber({ min: 500, max: 30_000, fallback: SITE_AUDIT_RENDER_DEFAULTS.waitMs }),
    SITE_AUDIT_RENDER_MAX_MB: wholeNumber({ min: 64, max: 8192, fallback: SITE_AUDIT_RENDER_DEFAULTS.memoryMb }),
    SITE_AUDIT_RENDER_MAX_PAGES: wholeNumber({ min: 1, max: 50_000, fallback: SITE_AUDIT_RENDER_DEFAULTS.maxPages }),
  },
  read: (env) => ({
    /** The audit's browser, if set (launch.ts findAuditChromium: chrome-headless-shell by default). */
    chromiumPath: env.SITE_AUDIT_CHROMIUM_PATH,
    /** Pages one audit renders at once (each in its own browser context of the audit's one browser). */
    concurrency: env.SITE_AUDIT_RENDER_CONCURRENCY,
    /** One page's render time limit. */
    timeoutMs: env.SITE_AUDIT_RENDER_TIMEOUT_MS,
    /** The longest a page is waited for to settle after its load (like Screaming Frog's "AJAX timeout"). */
    waitMs: env.SITE_AUDIT_RENDER_WAIT_MS,
    /** Memory one page's renderer process may use; past it that page is reported as not rendered. */
    memoryMb: env.SITE_AUDIT_RENDER_MAX_MB,
    /** Pages one audit renders at most; the rest are read without JavaScript and the report says so. */
    maxPages: env.SITE_AUDIT_RENDER_MAX_PAGES,
  }),
});

export type SiteAuditRenderSettings = ReturnType<typeof siteAuditRender.read>;
