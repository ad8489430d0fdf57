/** What "Copy all" puts on the clipboard: the format YouTube Studio's tag box accepts. */
export function tagsForClipboard(tags: string[]): string {
  return tags.join(', ');
}

/** YouTube's limit for all of a video's tags together. */
export const YOUTUBE_TAGS_LIMIT = 500;

/**
 * Characters the tags use as YouTube counts them. The YouTube Data API reference (videos resource,
 * `snippet.tags`) says: the commas between tags count toward the 500, and a tag that contains a
 * space counts as though wrapped in quotation marks ("Foo-Baz" is 7 characters, "Foo Baz" is 9).
 * Characters are counted as code points, so an emoji or a Devanagari letter is one each.
 */
export function youtubeTagsLength(tags: string[]): number {
  if (tags.length === 0) return 0;
  const own = tags.reduce((sum, tag) => sum + [...tag].length + (/\s/.test(tag) ? 2 : 0), 0);
  return own + tags.length - 1;
}

/** How many tags, from the first, fit in YouTube's limit together. */
export function tagsThatFit(tags: string[], limit = YOUTUBE_TAGS_LIMIT): number {
  let fit = 0;
  while (fit < tags.length && youtubeTagsLength(tags.slice(0, fit + 1)) <= limit) fit += 1;
  return fit;
}
