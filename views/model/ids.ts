/**
 * The one id rule: every id the site hands out and later reads back from a URL, a cookie or a form (site audits,
 * monitors and their runs, jobs, visitors) is 128 random bits in base64url, 22 characters: unguessable, so a
 * link to what it names can be shared, and safe in a path or a cookie as it is. Checked before any lookup.
 * Here (views/model), not in server/lib, because pages and islands check ids too.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** A new id: Web Crypto's random bytes (Node and browsers both have them), base64url without padding. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
