/**
 * Where a lead came from (decision 0047): the page the form is on and the page of this site the
 * visitor read before it. Only a path (and query) of this site is kept, at most SOURCE_PAGE_MAX
 * characters: a referrer from another site, a full URL or anything that is not a path is dropped, so
 * the inbox never links off-site from it. Shown as text (React escapes it) and linked as a path.
 */
export const SOURCE_PAGE_MAX = 300;

/** A base no real request has: resolving against it tells a path from anything else. */
const PROBE = 'http://source-page.invalid';

/**
 * The stored form of a page of this site: `/path?query` (no fragment), capped; null for anything
 * else (absent, not text, a full or protocol-relative URL, a control character).
 */
export function sourcePath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  // A path starts with one slash; "//host" and "/\host" are other origins to a browser.
  // eslint-disable-next-line no-control-regex -- a control character marks a value no browser sent
  if (!/^\/(?![/\\])/.test(text) || /[\u0000-\u001f\u007f]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, PROBE);
  } catch {
    return null;
  }
  if (url.origin !== PROBE) return null;
  return `${url.pathname}${url.search}`.slice(0, SOURCE_PAGE_MAX);
}

/** The path of `href` when it is on `origin` (the browser's document.referrer and location.origin). */
export function sameOriginPath(href: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return url.origin === origin ? sourcePath(`${url.pathname}${url.search}`) : null;
}

/** What a lead form sends along: its own page, and the page of this site the visitor came from. */
export function leadSource(location: { pathname: string; search: string; origin: string }, referrer: string) {
  const formPage = sourcePath(`${location.pathname}${location.search}`);
  const sourcePage = referrer ? sameOriginPath(referrer, location.origin) : null;
  // A reload or a failed send's retry names the form itself: no earlier page.
  return { formPage, sourcePage: sourcePage === formPage ? null : sourcePage };
}
