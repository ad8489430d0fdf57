import { isIP } from 'node:net';
import type { Db } from '#db/index.ts';
import { insertChanges, type NewChange } from '#db/monitoring/changes.ts';
import { getWatch, updateWatch, watchedPages } from '#db/monitoring/watch.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { robotsLines } from '#server/lib/crawler/robots-parse.ts';
import { MAX_ROBOTS_BYTES } from '#server/lib/crawler/robots-txt.ts';
import { allowAll, policyFromText, type RobotsPolicy } from '#server/lib/crawler/robots.ts';
import { isFetchError, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { ChangeSeverity } from '#views/model/monitor-changes.ts';
import { PAGE_TIMEOUT_MS, type SitemapReader } from './watch-read.ts';

/**
 * The per-site half of the watch (issue 35): robots.txt (its rules, and the watched pages they
 * block), the sitemap's URLs, the TLS certificate and the host variants. Their last reading is the
 * watch's `site` JSON; changes are recorded against the site's origin (a newly blocked page against
 * the page).
 */
export interface SiteSnapshot {
  robotsRules?: string[];
  /** robots.txt as last read ('' when the site has none, null when it could not be read), obeyed until the next cycle. */
  robotsText?: string | null;
  blocked?: string[];
  sitemap?: string[];
  certificate?: string;
  variants?: string[];
  /** When the once-a-cycle checks (robots.txt, sitemap, certificate, variants) last ran. */
  checkedAt?: string;
}

/** Sitemap URLs kept per site to tell which were dropped. */
export const MAX_SITEMAP_URLS = 10_000;
const DAY_MS = 86_400_000;

export interface SiteRobots {
  policy: RobotsPolicy;
  /** The rules as written ("Disallow: /private/ (User-agent: *)"); null when the file could not be read. */
  rules: string[] | null;
  /** The file's text ('' when the site has none); null when it could not be read. */
  text: string | null;
}

/** The watch's robots.txt from its text as read ('' for none, null for a file that could not be read). */
export function siteRobotsOf(text: string | null): SiteRobots {
  if (text === null) return { policy: allowAll(), rules: null, text };
  return { policy: text ? policyFromText(text, CRAWLER_BOT_NAME) : allowAll(), rules: robotsRulesOf(text), text };
}

/** A robots.txt's allow and disallow lines, each with the user-agents of its group. */
export function robotsRulesOf(text: string | Uint8Array): string[] {
  const rules: string[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const line of robotsLines(text)) {
    if (line.key === 'user-agent') {
      if (inRules) agents = [];
      inRules = false;
      agents.push(line.value);
    } else if (line.key === 'allow' || line.key === 'disallow') {
      inRules = true;
      const key = line.key === 'allow' ? 'Allow' : 'Disallow';
      rules.push(`${key}: ${line.value} (User-agent: ${agents.join(', ') || '*'})`);
    }
  }
  return [...new Set(rules)].sort();
}

/**
 * The site's robots.txt as the watch obeys it, and its rules. A site whose file cannot be read (no
 * answer, a 5xx) is still read: its owner asked for the watch, and an unreachable site is what
 * they want to hear of.
 */
export async function readSiteRobots(fetcher: SafeFetcher, origin: string, signal?: AbortSignal): Promise<SiteRobots> {
  try {
    const res = await fetcher.fetch(`${origin}/robots.txt`, {
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: MAX_ROBOTS_BYTES,
      onTooLarge: 'truncate',
      maxRedirects: 5,
      signal,
      headers: { accept: 'text/plain,*/*;q=0.5' },
    });
    if (res.status >= 200 && res.status < 300) return siteRobotsOf(new TextDecoder().decode(res.body));
    return siteRobotsOf(res.status < 500 ? '' : null);
  } catch (error) {
    if (signal?.aborted) throw error;
    return siteRobotsOf(null);
  }
}

/** Two sorted lists as what left and what came. */
function delta(before: readonly string[], after: readonly string[]) {
  const was = new Set(before);
  const now = new Set(after);
  return { removed: before.filter((item) => !now.has(item)), added: after.filter((item) => !was.has(item)) };
}

/**
 * robots.txt's rules added and removed, and each watched page the change blocks (a page chosen
 * later that was blocked all along is not news).
 */
export function robotsChanges(
  origin: string,
  site: SiteSnapshot,
  robots: SiteRobots,
  watched: readonly string[],
): NewChange[] {
  const blocked = watched.filter((url) => !robots.policy.isAllowed(url)).sort();
  const before = site.robotsRules;
  const wasBlocked = site.blocked ?? [];
  site.blocked = blocked;
  if (!robots.rules) return [];
  site.robotsRules = robots.rules;
  if (!before) return [];
  const { removed, added } = delta(before, robots.rules);
  if (!removed.length && !added.length) return [];
  const newlyBlocked = delta(wasBlocked, blocked).added;
  return [
    {
      url: origin,
      field: 'robots-txt',
      before: removed,
      after: added,
      severity: newlyBlocked.length ? 'critical' : 'warning',
    },
    ...newlyBlocked.map((url): NewChange => ({
      url,
      field: 'robots-txt',
      before: 'allowed',
      after: 'blocked by robots.txt',
      severity: 'critical',
    })),
  ];
}

/** The sitemap's URLs now (sorted, capped), or null when no sitemap could be read. */
export async function readSitemapUrls(
  reader: SitemapReader,
  fetcher: SafeFetcher,
  origin: string,
  named: string[],
  signal?: AbortSignal,
): Promise<string[] | null> {
  const host = new URL(origin).host;
  const urls = new Set<string>();
  const read = await reader(
    {
      signal: signal ?? new AbortController().signal,
      frontier: { isInSite: (url) => new URL(url).host === host },
      stream: (url, options) => fetcher.stream(url, options),
      breathe: () => Promise.resolve(),
    },
    { siteOrigin: origin, named, maxUrls: MAX_SITEMAP_URLS, timeoutMs: 30_000, onUrl: (url) => urls.add(url) },
  );
  return read.found ? [...urls].sort() : null;
}

export function sitemapChanges(origin: string, site: SiteSnapshot, urls: string[] | null): NewChange[] {
  if (!urls) return [];
  const before = site.sitemap;
  site.sitemap = urls;
  if (!before) return [];
  const { removed, added } = delta(before, urls);
  if (!removed.length && !added.length) return [];
  return [
    { url: origin, field: 'sitemap', before: removed, after: added, severity: removed.length ? 'warning' : 'info' },
  ];
}

/** The certificate's state as a person reads it, and how much it matters. */
export function certificateState(validTo: string, now: number): { value: string; severity: ChangeSeverity } {
  const date = validTo.slice(0, 10);
  const days = (Date.parse(validTo) - now) / DAY_MS;
  if (days < 0) return { value: `expired on ${date}`, severity: 'critical' };
  for (const [within, severity] of [
    [7, 'critical'],
    [14, 'warning'],
    [30, 'info'],
  ] as const)
    if (days <= within) return { value: `expires on ${date} (within ${within} days)`, severity };
  return { value: `valid until ${date}`, severity: 'info' };
}

/** The certificate of an https site now; undefined when the site could not be asked (no answer at all). */
export async function readCertificate(
  fetcher: SafeFetcher,
  origin: string,
  now: number,
  signal?: AbortSignal,
): Promise<{ value: string; severity: ChangeSeverity } | undefined> {
  if (!origin.startsWith('https:')) return undefined;
  try {
    const res = await fetcher.fetch(`${origin}/`, {
      maxRedirects: 0,
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: 1024,
      onTooLarge: 'truncate',
      signal,
    });
    return res.certificateValidTo ? certificateState(res.certificateValidTo, now) : undefined;
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!isFetchError(error) || error.code !== 'tls') return undefined;
    const reason = /failed: (.*?)\.?$/.exec(error.message)?.[1] ?? 'its certificate is not valid';
    return { value: `invalid: ${reason}`, severity: 'critical' };
  }
}

export function certificateChanges(
  origin: string,
  site: SiteSnapshot,
  state: { value: string; severity: ChangeSeverity } | undefined,
): NewChange[] {
  if (!state) return [];
  const before = site.certificate;
  site.certificate = state.value;
  if (before === state.value) return [];
  // A first reading is news only when something is already wrong (expiring, invalid).
  if (before === undefined && state.value.startsWith('valid until')) return [];
  return [{ url: origin, field: 'certificate', before: before ?? null, after: state.value, severity: state.severity }];
}

/** The other spellings of the site's address: the other scheme (default ports only) and www or not. */
export function hostVariants(origin: string): string[] {
  const url = new URL(origin);
  const host = url.hostname;
  const hosts =
    isIP(host) || !host.includes('.') ? [host] : [host, host.startsWith('www.') ? host.slice(4) : `www.${host}`];
  const schemes = url.port ? [url.protocol] : ['http:', 'https:'];
  const port = url.port ? `:${url.port}` : '';
  return schemes
    .flatMap((scheme) => hosts.map((name) => `${scheme}//${name}${port}`))
    .filter((variant) => variant !== url.origin);
}

/** Each variant that does not send its visitors to the site's own address at once, with what it does. */
export async function readVariants(fetcher: SafeFetcher, origin: string, signal?: AbortSignal): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of hostVariants(origin)) {
    try {
      const res = await fetcher.fetch(`${variant}/`, {
        maxRedirects: 0,
        timeoutMs: PAGE_TIMEOUT_MS,
        maxBytes: 1024,
        onTooLarge: 'truncate',
        signal,
      });
      const location = res.headers.location;
      const target = location ? new URL(location, `${variant}/`).origin : null;
      if (res.status >= 300 && res.status < 400 && target === origin) continue;
      problems.push(
        target ? `${variant}/ redirects to ${target}` : `${variant}/ answers ${res.status} without redirecting`,
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      problems.push(`${variant}/ fails (${isFetchError(error) ? error.code : 'network'})`);
    }
  }
  return problems.sort();
}

export function variantChanges(origin: string, site: SiteSnapshot, problems: string[]): NewChange[] {
  const before = site.variants;
  site.variants = problems;
  if (!before) return [];
  const { removed, added } = delta(before, problems);
  if (!removed.length && !added.length) return [];
  return [
    { url: origin, field: 'host-variants', before, after: problems, severity: added.length ? 'warning' : 'info' },
  ];
}

export interface SiteCheck {
  db: Db;
  fetcher: SafeFetcher;
  sitemaps?: SitemapReader;
  intervalMs: number;
  signal?: AbortSignal;
}

/**
 * The site's look in a tick. Once a cycle robots.txt, the sitemap, the certificate and the variants
 * are read and compared (a first reading of each is the baseline, but for a certificate already in
 * trouble), and stored with their changes; between, the robots.txt of that reading is obeyed as it
 * was (one request a cycle, not one a look). Returns the robots.txt to obey and the sitemap's URLs
 * (the pages to watch are chosen from them).
 */
export async function checkSite(check: SiteCheck, monitorId: string, origin: string, at: Date) {
  const { db, fetcher, signal } = check;
  const site = JSON.parse((await getWatch(db, monitorId))?.site ?? '{}') as SiteSnapshot;
  const now = at.getTime();
  const due = !site.checkedAt || Date.parse(site.checkedAt) + check.intervalMs <= now || site.robotsText === undefined;
  if (!due)
    return { robots: siteRobotsOf(site.robotsText ?? null), changes: 0, sitemap: site.sitemap ?? [], cycled: false };
  const robots = await readSiteRobots(fetcher, origin, signal);
  const watched = (await watchedPages(db, monitorId)).map((page) => page.url);
  const changes = robotsChanges(origin, site, robots, watched);
  site.robotsText = robots.text;
  if (check.sitemaps)
    changes.push(
      ...sitemapChanges(
        origin,
        site,
        await readSitemapUrls(check.sitemaps, fetcher, origin, robots.policy.sitemaps, signal),
      ),
    );
  changes.push(...certificateChanges(origin, site, await readCertificate(fetcher, origin, now, signal)));
  changes.push(...variantChanges(origin, site, await readVariants(fetcher, origin, signal)));
  site.checkedAt = at.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertChanges(trx, monitorId, changes, at.toISOString());
    await updateWatch(trx, monitorId, { site: JSON.stringify(site) });
  });
  return { robots, changes: changes.length, sitemap: site.sitemap ?? [], cycled: true };
}
