export interface CommaOptions {
  /** Put a space after each comma ("a, b") instead of "a,b". */
  spaceAfterComma: boolean;
  /** Keep only the first occurrence of each item. */
  removeDuplicates: boolean;
  /** Wrap each item in double quotes (useful for SQL IN lists and CSV). */
  quoteItems: boolean;
}

export const defaultCommaOptions: CommaOptions = { spaceAfterComma: true, removeDuplicates: false, quoteItems: false };

export type CommaResult = { ok: true; output: string; count: number } | { ok: false; error: string };

/** Largest input the tool accepts, so a paste of a whole database dump cannot freeze the tab. */
export const MAX_INPUT_CHARS = 1_000_000;

/** One item per line in, one comma-separated string out. Blank lines are dropped, items trimmed. */
export function separateWithCommas(input: string, options: CommaOptions = defaultCommaOptions): CommaResult {
  if (input.length > MAX_INPUT_CHARS)
    return { ok: false, error: `Input is too long (maximum ${MAX_INPUT_CHARS.toLocaleString('en-IN')} characters)` };
  let items = input
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (items.length === 0) return { ok: false, error: 'Input text is required' };
  if (options.removeDuplicates) items = [...new Set(items)];
  if (options.quoteItems) items = items.map((item) => `"${item.replace(/"/g, '""')}"`);
  return { ok: true, output: items.join(options.spaceAfterComma ? ', ' : ','), count: items.length };
}
