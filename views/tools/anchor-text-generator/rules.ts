/**
 * Limits, messages, anchor types and the keyword checks, without zod: the widget imports this
 * module, and zod would add ~450 KB to its chunk. `schema.ts` applies the same rules for the API.
 */
export const MAX_KEYWORDS = 100;
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_BRAND_LENGTH = 60;
export const NO_KEYWORDS = 'Please enter at least one keyword.';
export const GENERATE_FAILED = 'Failed to generate anchor texts';
export const TOO_MANY_KEYWORDS = `Please enter at most ${MAX_KEYWORDS} keywords at a time.`;
export const KEYWORD_TOO_LONG = `Each keyword must be ${MAX_KEYWORD_LENGTH} characters or fewer.`;

/** Splits the textarea on commas and newlines; trims, collapses inner spaces and drops empties. */
export function splitKeywords(text: string): string[] {
  return cleanKeywords(text.split(/[,\n\r]+/));
}

export function cleanKeywords(parts: readonly string[]): string[] {
  return parts.map((part) => part.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** The same checks the widget runs before sending and the API runs on arrival. */
export function keywordProblem(keywords: readonly string[]): string | null {
  if (keywords.length === 0) return NO_KEYWORDS;
  if (keywords.length > MAX_KEYWORDS) return TOO_MANY_KEYWORDS;
  if (keywords.some((keyword) => [...keyword].length > MAX_KEYWORD_LENGTH)) return KEYWORD_TOO_LONG;
  return null;
}

export const ANCHOR_TYPES = ['exact', 'partial', 'phrase', 'lsi', 'branded', 'naked-url', 'generic'] as const;
export type AnchorType = (typeof ANCHOR_TYPES)[number];

export const ANCHOR_TYPE_LABELS: Record<AnchorType, string> = {
  exact: 'Exact match',
  partial: 'Partial match',
  phrase: 'Phrase match',
  lsi: 'LSI variant',
  branded: 'Branded',
  'naked-url': 'Naked URL',
  generic: 'Generic',
};

export interface Anchor {
  text: string;
  type: AnchorType;
}

/** `result` keeps the spec's shape (plain strings); `anchors` adds the type for the labels. */
export interface GenerateResponse {
  result: string[];
  anchors: Anchor[];
}
