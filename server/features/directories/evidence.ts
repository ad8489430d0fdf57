import { Parser } from 'htmlparser2';
import { getDomain } from 'tldts';

/** What one visit found. `blocked` means the site answered but refused an automated visitor. */
export type Outcome = 'ok' | 'blocked' | 'parked' | 'dead' | 'error';

/** Outcomes that count towards hiding an entry (two in a row hide it). */
export const FAILING_OUTCOMES: readonly Outcome[] = ['parked', 'dead', 'error'];

export function isFailure(outcome: Outcome): boolean {
  return FAILING_OUTCOMES.includes(outcome);
}

/**
 * A status code's meaning for a listing. 404/410 mean the page is gone; 401/403/429 (and a
 * Cloudflare challenge) mean the site is up but turned our checker away, which says nothing
 * about whether people can use it, so it is not counted as a failure.
 */
export function classifyStatus(status: number, headers: Record<string, string>): Outcome {
  if (status >= 200 && status < 400) return 'ok';
  if (status === 401 || status === 403 || status === 429) return 'blocked';
  if (status === 503 && headers['cf-mitigated']) return 'blocked';
  if (status === 404 || status === 410) return 'dead';
  return 'error';
}

/** A guarded-fetch failure code: a name that no longer resolves is a dead domain. */
export function classifyFetchError(code: string): Outcome {
  return code === 'dns' ? 'dead' : 'error';
}

/** Domain marketplaces and parking services a lapsed domain is commonly sent to. */
const PARKING_DOMAINS = new Set([
  'sedo.com',
  'sedoparking.com',
  'dan.com',
  'afternic.com',
  'hugedomains.com',
  'parkingcrew.net',
  'bodis.com',
  'undeveloped.com',
  'buydomains.com',
  'domainmarket.com',
]);

/** Phrases parking and for-sale pages show; specific enough not to occur on a working listing site. */
const PARKING_PHRASES = [
  /this domain (name )?(is|may be) for sale/i,
  /buy this domain/i,
  /the domain name [a-z0-9.-]+ is for sale/i,
  /this domain is parked/i,
  /parked free,? courtesy of/i,
  /domain parking/i,
  /sedoparking|parkingcrew|bodis\.com/i,
];

/** Why a page looks like a parked or for-sale domain, or null when it does not. */
export function parkedSign(finalUrl: string, html: string): string | null {
  let domain: string | null;
  try {
    domain = getDomain(finalUrl);
  } catch {
    domain = null;
  }
  if (domain && PARKING_DOMAINS.has(domain)) return `redirects to ${domain}`;
  const phrase = PARKING_PHRASES.map((pattern) => pattern.exec(html)).find(Boolean);
  return phrase ? `page says "${phrase[0]}"` : null;
}

export interface OutboundLinks {
  /** Links to other sites without nofollow, ugc or sponsored. */
  followed: number;
  /** Links to other sites with at least one of them. */
  notFollowed: number;
  nofollow: number;
  ugc: number;
  sponsored: number;
}

/**
 * Tallies the rel of links from a page to other sites (another registrable domain). This is
 * evidence about the site's link policy, not proof of what a listing's link will be.
 */
export function outboundLinks(html: string, pageUrl: string): OutboundLinks {
  const tally: OutboundLinks = { followed: 0, notFollowed: 0, nofollow: 0, ugc: 0, sponsored: 0 };
  const home = getDomain(pageUrl);
  let base = pageUrl;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'base' && attributes.href) {
          try {
            base = new URL(attributes.href, pageUrl).href;
          } catch {
            // an unusable <base> is ignored, as browsers do
          }
          return;
        }
        if (name !== 'a' || !attributes.href) return;
        let target: URL;
        try {
          target = new URL(attributes.href, base);
        } catch {
          return;
        }
        if (target.protocol !== 'http:' && target.protocol !== 'https:') return;
        const domain = getDomain(target.href);
        if (!domain || domain === home) return;
        const rel = new Set((attributes.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean));
        if (rel.has('nofollow')) tally.nofollow += 1;
        if (rel.has('ugc')) tally.ugc += 1;
        if (rel.has('sponsored')) tally.sponsored += 1;
        if (rel.has('nofollow') || rel.has('ugc') || rel.has('sponsored')) tally.notFollowed += 1;
        else tally.followed += 1;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return tally;
}

/** A one-word summary of the tally, or undefined when the page links nowhere else. */
export function observedLinkType(links: OutboundLinks): 'dofollow' | 'nofollow' | 'mixed' | undefined {
  if (links.followed + links.notFollowed === 0) return undefined;
  if (links.notFollowed === 0) return 'dofollow';
  return links.followed === 0 ? 'nofollow' : 'mixed';
}

/** True when the final address is on another registrable domain than the listed one. */
export function movedToAnotherDomain(listedUrl: string, finalUrl: string): boolean {
  const from = getDomain(listedUrl);
  const to = getDomain(finalUrl);
  return Boolean(from && to && from !== to);
}
