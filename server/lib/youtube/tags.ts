const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have how i in into is it its my of on or our so that the their this to ' +
    'vs was we what when where which who why will with you your video official full new part ep episode hd 4k shorts'
  ).split(' '),
);

export const MAX_SUGGESTIONS = 20;

function normalise(tag: string): string {
  return tag.toLowerCase().replace(/\s+/g, ' ').trim();
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word.length > 1);
}

/**
 * Suggestions a creator could add, derived only from the video's own title and description:
 * hashtags the description already uses, the title itself, then title phrases and the most frequent
 * meaningful words of the description. Nothing is invented beyond what the video says about itself.
 */
export function suggestTags(input: { title: string; description: string; channel: string }): string[] {
  const out: string[] = [];
  const add = (tag: string) => {
    const clean = normalise(tag);
    if (clean.length > 1 && clean.length <= 100 && !out.includes(clean)) out.push(clean);
  };

  for (const match of input.description.matchAll(/#([\p{L}\p{N}_]{2,50})/gu)) add(match[1].replace(/_/g, ' '));
  const titleWords = words(input.title);
  const cleanTitle = titleWords.join(' ');
  if (titleWords.length >= 2 && titleWords.length <= 10) add(cleanTitle);

  const meaningful = titleWords.filter((word) => !STOP_WORDS.has(word));
  for (let size = 3; size >= 2; size--) {
    for (let i = 0; i + size <= meaningful.length; i++) add(meaningful.slice(i, i + size).join(' '));
  }
  for (const word of meaningful) if (word.length > 2 && !/^\d+$/.test(word)) add(word);

  const counts = new Map<string, number>();
  for (const word of words(input.description)) {
    if (STOP_WORDS.has(word) || word.length < 4 || /^\d+$/.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  [...counts.entries()]
    .filter(([, count]) => count >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 6)
    .forEach(([word]) => add(word));
  if (input.channel) add(input.channel);
  return out.slice(0, MAX_SUGGESTIONS);
}

/** The video's own tags first (as the creator wrote them), then suggestions not already present. */
export function mergeTags(videoTags: string[], suggestions: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of [...videoTags, ...suggestions]) {
    const key = normalise(tag);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(tag.trim());
  }
  return out;
}
