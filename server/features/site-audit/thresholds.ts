/** The numbers in the issue rules, in one place (each one is quoted in its issue's description). */
export {
  TITLE_MAX_CHARS,
  TITLE_MIN_CHARS,
  DESCRIPTION_MAX_CHARS,
  DESCRIPTION_MIN_CHARS,
  COMPRESSION_MIN_BYTES,
} from '#server/lib/page-facts/seo-limits.ts';
export const THIN_CONTENT_WORDS = 200;
export const DEEP_PAGE_CLICKS = 5;
export const SLOW_TTFB_MS = 1000;
export const LARGE_HTML_BYTES = 2 * 1024 * 1024;
export const MAX_LINKS = 100;
/** Near-duplicates: estimated Jaccard similarity of word 3-shingles at least this, pages of at least this many words. */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;
export const NEAR_DUPLICATE_MIN_WORDS = 50;
/** Redirect hops followed when judging chains (a longer chain is reported as a chain anyway). */
export const MAX_REDIRECT_HOPS = 20;
/** Images, scripts and stylesheets "too large" (bytes as sent, or counted to just past the line when the size is not sent). */
export { LARGE_IMAGE_BYTES, LARGE_SCRIPT_BYTES, LARGE_STYLESHEET_BYTES } from '#views/model/counted-size.ts';
/** Scripts and stylesheets read per page (a page of thousands would cost thousands of requests). */
export const MAX_RESOURCES_PER_PAGE = 100;
