/**
 * Shared parsing of what people type into the URL and domain boxes. The WHATWG URL parser (the
 * same in Node and every browser) does the heavy lifting: it lower-cases the host, strips the
 * port from `hostname`, and turns IDN hosts into punycode (`münchen.de` -> `xn--mnchen-3ya.de`).
 */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Parses an http(s) URL; a bare `example.com/page` is read as `http://example.com/page`. */
export function parseWebUrl(raw: string, defaultScheme: 'http' | 'https' = 'http'): URL | null {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return null;
  // `example.com:8080/x` looks like a scheme to the parser; only a `//` after it means a real one.
  const hasScheme = SCHEME.test(text) && /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  const candidate = hasScheme || /^(?:mailto|tel|javascript|data|file|ftp):/i.test(text) ? text : `${defaultScheme}://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url;
}

/** True for a registrable-looking DNS name (at least two labels, alphabetic or punycode TLD). */
export function isDomainName(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '');
  if (!host || host.length > 253 || IPV4.test(host) || host.startsWith('[')) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => LABEL.test(label)) && TLD.test(labels[labels.length - 1]);
}

export type DomainResult = { ok: true; domain: string } | { ok: false; error: string };

export const DOMAIN_REQUIRED = 'Please enter a domain or URL.';
export const DOMAIN_INVALID = 'Please enter a valid domain such as example.com or a URL such as https://example.com/page.';

/**
 * Reads a domain from either a bare domain or a full URL: scheme, credentials, port, path and a
 * leading `www.` are dropped; IDN names come back in punycode, the form every service accepts.
 */
export function parseDomain(raw: string): DomainResult {
  if (!raw.trim()) return { ok: false, error: DOMAIN_REQUIRED };
  const url = parseWebUrl(raw);
  if (!url) return { ok: false, error: DOMAIN_INVALID };
  const host = url.hostname.replace(/\.$/, '');
  if (!isDomainName(host)) return { ok: false, error: DOMAIN_INVALID };
  const domain = host.startsWith('www.') && host.split('.').length > 2 ? host.slice(4) : host;
  return { ok: true, domain };
}
