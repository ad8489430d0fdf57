import { typedUrl } from '#views/model/url-input.ts';

/**
 * Shared parsing of what people type into the URL and domain boxes, on the one typed-URL rule
 * (views/model/url-input.ts). The WHATWG URL parser lower-cases the host, strips the port from
 * `hostname`, and turns IDN hosts into punycode (`münchen.de` -> `xn--mnchen-3ya.de`).
 */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Parses an http(s) URL by the one rule (a bare `example.com/page` is https); a line with spaces is no URL here. */
export function parseWebUrl(raw: string): URL | null {
  if (/\s/.test(raw.trim())) return null;
  const typed = typedUrl(raw);
  return typed.ok ? new URL(typed.url) : null;
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
export const DOMAIN_INVALID =
  'Please enter a valid domain such as example.com or a URL such as https://example.com/page.';

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
