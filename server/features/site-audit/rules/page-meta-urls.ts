import { COMPRESSION_MIN_BYTES } from '#server/lib/page-facts/seo-limits.ts';
import { fragmentHash, LINK_POSITIONS, META_FLAGS } from '../store.ts';
import {
  type Finding,
  listDetail,
  listDetailOf,
  type Page,
  pageRule,
  pages,
  type Rule,
  type RuleFunction,
  siteRule,
  startPage,
  urls,
} from './context.ts';
import { linksFrom, type LinkRef } from './link-refs.ts';

/** Longest URL before it is reported as too long (characters). */
export const URL_MAX_CHARS = 115;
/** Most query parameters before a URL is reported as having too many. */
export const URL_MAX_PARAMETERS = 3;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const has = (n: Page, flag: number) => (n.page.metaFlags & flag) !== 0;

/** localhost, *.localhost, 127.0.0.0/8, ::1 and 0.0.0.0: addresses that only mean the visitor's own machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '::1' ||
    host === '0.0.0.0'
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

function urlRule(test: (url: URL) => string | null): RuleFunction {
  return (c) =>
    pages(c).flatMap((n) => {
      const detail = test(new URL(n.url));
      return detail === null ? [] : [{ url: n.url, detail }];
    });
}

function sortedHas(values: Uint32Array, value: number): boolean {
  let low = 0;
  let high = values.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (values[mid] === value) return true;
    if (values[mid] < value) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/**
 * The detail of a site-wide setting's finding: how many of the counted pages lack it, and the first
 * three others by URL (`shown`: those, or more, in order) with the number of the rest.
 */
export function siteWideDetail(what: string, lacking: number, total: number, shown: string[]): string {
  return `${what} on ${lacking} of ${plural(total, 'HTML page')}${lacking > 1 ? `, also ${listDetailOf(shown, lacking - 1, 3)}` : ''}`;
}

/**
 * Checks of a server setting (compression, security headers) report once for the site, not on
 * every page: the one finding sits on the start page when it lacks the setting, else on the first
 * page (by URL) that does, and says how many pages lack it.
 */
export function siteWide(list: Page[], lacks: (n: Page) => boolean, what: string): Finding[] {
  const lacking = list.filter(lacks);
  if (lacking.length === 0) return [];
  const start = lacking.find((n) => n.start);
  const first = start ?? lacking.reduce((a, b) => (b.url < a.url ? b : a));
  const others = lacking.filter((n) => n !== first).map((n) => n.url);
  return [{ url: first.url, detail: siteWideDetail(what, lacking.length, list.length, others.sort()) }];
}

/**
 * The site-wide settings a page can lack, by issue type: its META_FLAGS bit, the detail's words, and
 * which pages count (https pages only for HSTS; pages of COMPRESSION_MIN_BYTES or more for compression).
 * The rules below and their SQL over the store (store-analysis/site-wide.ts) both read it.
 */
export const SITE_SETTINGS = {
  'hsts-missing': { flag: META_FLAGS.hsts, what: 'no Strict-Transport-Security', httpsOnly: true },
  'nosniff-missing': { flag: META_FLAGS.nosniff, what: 'no X-Content-Type-Options: nosniff' },
  'csp-missing': { flag: META_FLAGS.csp, what: 'no Content-Security-Policy' },
  'referrer-policy-missing': { flag: META_FLAGS.referrerPolicy, what: 'no Referrer-Policy' },
  'html-not-compressed': {
    flag: META_FLAGS.compressed,
    what: 'HTML sent uncompressed',
    minHtmlBytes: COMPRESSION_MIN_BYTES,
  },
} as const satisfies Record<string, { flag: number; what: string; httpsOnly?: true; minHtmlBytes?: number }>;

export type SiteSetting = keyof typeof SITE_SETTINGS;

/** The rule of a site-wide setting: one finding for the site over the pages it counts. */
export function siteSettingRule(type: SiteSetting): Rule {
  const setting: { flag: number; what: string; httpsOnly?: true; minHtmlBytes?: number } = SITE_SETTINGS[type];
  return siteRule((c) =>
    siteWide(
      pages(c).filter(
        (n) => (!setting.httpsOnly || n.url.startsWith('https:')) && n.page.htmlBytes >= (setting.minHtmlBytes ?? 0),
      ),
      (n) => !has(n, setting.flag),
      setting.what,
    ),
  );
}

/** URL spelling, links to the visitor's own machine, missing fragment targets, new-tab links and security headers. */
export const pageMetaUrlRules: Record<string, Rule> = {
  'url-underscores': pageRule(urlRule((url) => (url.pathname.includes('_') ? 'underscores in the path' : null))),
  'url-uppercase': pageRule(
    urlRule((url) =>
      /[A-Z]/.test(url.pathname.replace(/%[0-9A-F]{2}/gi, '')) ? 'upper-case letters in the path' : null,
    ),
  ),
  'url-spaces': pageRule(urlRule((url) => (/%20/.test(url.pathname + url.search) ? 'spaces (%20) in the URL' : null))),
  'url-double-slash': pageRule(urlRule((url) => (url.pathname.includes('//') ? 'double slash in the path' : null))),
  'url-many-parameters': pageRule(
    urlRule((url) => {
      const count = [...url.searchParams.keys()].length;
      return count > URL_MAX_PARAMETERS ? `${count} query parameters` : null;
    }),
  ),
  'url-too-long': pageRule(
    urlRule((url) => (url.href.length > URL_MAX_CHARS ? `${url.href.length} characters` : null)),
  ),
  'links-to-localhost': pageRule((c) => {
    const list = pages(c);
    const start = startPage(c);
    if (start && isLoopbackHost(hostOf(start.url))) return [];
    // Each other-site URL is parsed once, not once per link to it.
    const loopback = new Set<number>();
    c.strings.externals.forEach((url, index) => {
      if (isLoopbackHost(hostOf(url))) loopback.add(-1 - index);
    });
    if (loopback.size === 0) return [];
    return list.flatMap((n) => {
      const refs = linksFrom(n, c.nodes, c.strings, (target) => loopback.has(target));
      if (refs.length === 0) return [];
      return [
        { url: n.url, detail: `links to ${listDetail([...new Set(refs.map((ref) => ref.target))], 3)}`, links: refs },
      ];
    });
  }),
  'links-fragment-broken': pageRule((c) =>
    pages(c).flatMap((n): Finding[] => {
      const cells = n.page.fragmentLinks;
      const refs: LinkRef[] = [];
      for (let at = 0; at < cells.length; at += 3) {
        const target = c.nodes[cells[at]];
        if (!target.page || target.status !== 200 || has(target as Page, META_FLAGS.idsOverCap)) continue;
        const fragment = c.strings.anchors[cells[at + 1]];
        if (sortedHas(target.page.fragmentIds, fragmentHash(fragment))) continue;
        refs.push({
          source: n.url,
          target: `${target.url}#${fragment}`,
          anchor: c.strings.anchors[cells[at + 2] >> 2],
          position: LINK_POSITIONS[cells[at + 2] & 3],
        });
      }
      return refs.length
        ? [
            {
              url: n.url,
              detail: `no such id on the page: ${listDetail(
                refs.map((ref) => ref.target),
                3,
              )}`,
              links: refs,
            },
          ]
        : [];
    }),
  ),
  'links-target-blank-unsafe': pageRule((c) =>
    pages(c).flatMap((n) => {
      if (n.page.blankUnsafe.length === 0) return [];
      const unsafe = new Set(n.page.blankUnsafe);
      const refs = linksFrom(n, c.nodes, c.strings, (target) => unsafe.has(target));
      return [
        { url: n.url, detail: `${refs.length} new-tab link(s) to other sites without rel="noopener"`, links: refs },
      ];
    }),
  ),
  'site-on-http': pageRule((c) => {
    const start = startPage(c);
    if (!start || !start.url.startsWith('http:') || isLoopbackHost(hostOf(start.url))) return [];
    // Reported once, by the batch that holds the start page.
    if (!urls(c).some((n) => n.id === start.id)) return [];
    return [{ url: start.url, detail: 'the site answers over plain http' }];
  }),
  'hsts-missing': siteSettingRule('hsts-missing'),
  'nosniff-missing': siteSettingRule('nosniff-missing'),
  'csp-missing': siteSettingRule('csp-missing'),
  'referrer-policy-missing': siteSettingRule('referrer-policy-missing'),
};
