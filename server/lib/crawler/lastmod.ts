/**
 * Turns a `Last-Modified` header (RFC 9110 HTTP-date) into a sitemaps.org W3C datetime
 * (`2024-05-01T10:00:00+00:00`). Missing, unparsable or future dates give undefined: a wrong
 * lastmod is worse than none, because search engines learn to ignore the whole file's values.
 */
export function lastmodFromHeader(value: string | undefined, now = Date.now()): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  if (!Number.isFinite(time) || time > now + 60_000 || time < Date.UTC(1995, 0, 1)) return undefined;
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}
