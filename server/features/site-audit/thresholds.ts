/** The numbers in the issue rules, in one place (each one is quoted in its issue's description). */
export const TITLE_MAX_CHARS = 60;
export const DESCRIPTION_MAX_CHARS = 160;
export const THIN_CONTENT_WORDS = 200;
export const DEEP_PAGE_CLICKS = 5;
export const SLOW_TTFB_MS = 1000;
export const LARGE_IMAGE_BYTES = 100 * 1024;
export const LARGE_HTML_BYTES = 2 * 1024 * 1024;
export const MAX_LINKS = 100;
/** Near-duplicates: estimated Jaccard similarity of word 3-shingles at least this, pages of at least this many words. */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;
export const NEAR_DUPLICATE_MIN_WORDS = 50;
/** Redirect hops followed when judging chains (a longer chain is reported as a chain anyway). */
export const MAX_REDIRECT_HOPS = 20;
/** Scripts and stylesheets "too large" (bytes as sent, or counted when the size is not sent): docs/decisions/ resources note. */
export const LARGE_SCRIPT_BYTES = 500 * 1024;
export const LARGE_STYLESHEET_BYTES = 150 * 1024;
/** Scripts and stylesheets read per page (a page of thousands would cost thousands of requests). */
export const MAX_RESOURCES_PER_PAGE = 100;
