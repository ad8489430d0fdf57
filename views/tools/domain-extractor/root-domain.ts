import { getDomain } from 'tldts';

/**
 * The registrable domain of a hostname by the Public Suffix List (`a.b.example.co.uk` →
 * `example.co.uk`), or null for an IP address, `localhost` or a bare public suffix. The list's
 * private section counts too, so each `name.github.io` or `name.blogspot.com` site stays its own
 * root domain rather than collapsing into the hosting company's.
 *
 * Its own module because the list weighs ~40 KB gzipped: the widget imports it only when the
 * Root domain output is chosen.
 */
export function rootDomain(hostname: string): string | null {
  return getDomain(hostname, { allowPrivateDomains: true });
}
