/**
 * The lengths and word lists the one-page SEO audit and the site audit both judge pages by, so
 * the two tools never disagree about the same page.
 */
export const TITLE_MIN_CHARS = 30;
export const TITLE_MAX_CHARS = 60;
export const DESCRIPTION_MIN_CHARS = 120;
export const DESCRIPTION_MAX_CHARS = 160;
/** HTML smaller than this gains nothing from compression. */
export const COMPRESSION_MIN_BYTES = 1024;

/** Link texts that say nothing about the target (compared lower-case, trimmed). */
export const VAGUE_ANCHORS: ReadonlySet<string> = new Set([
  'click here',
  'here',
  'click',
  'read more',
  'more',
  'learn more',
  'link',
  'this',
  'this page',
  'go',
  'continue',
]);
