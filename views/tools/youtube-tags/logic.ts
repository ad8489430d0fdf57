/** What "Copy all" puts on the clipboard: the format YouTube Studio's tag box accepts. */
export function tagsForClipboard(tags: string[]): string {
  return tags.join(', ');
}

/** YouTube allows 500 characters of tags in total (commas count); tell the creator how much fits. */
export function tagCharacterCount(tags: string[]): number {
  return tagsForClipboard(tags).length;
}
