/**
 * Limits on how deeply Markdown nests, checked in one linear pass before anything parses it
 * (docs/decisions/0051). micromark's work grows faster than the text where constructs nest: a
 * kilobyte of `>` took seconds and 3 KB overflowed the stack, `*a` repeated 20,000 times took 14 s,
 * `[a](` repeated as long; thousands of block quotes one after another, or of nested list items,
 * cost time that grows with their number times the document's length. Text past a limit is refused
 * with the limit named, never flattened, so what the operator previews is exactly what the page shows.
 *
 * The counts over-estimate and never under-estimate what the parser will build: escapes are
 * honoured (an escaped bracket opens nothing), but nothing else is second-guessed (a bracket inside
 * a code span counts), so no layout of the text can slip deeper nesting past the check.
 */

export const MARKDOWN_LIMITS = {
  /** Block quotes and lists inside each other on one line; each two columns of indentation count as one. */
  nesting: 40,
  /** Block quotes opened in a post (a quote inside a quote counts too). */
  blockQuotes: 500,
  /** List items in a post. */
  listItems: 1_000,
  /** Opening brackets and parentheses (`[`, `(`) in one paragraph (text between blank lines). */
  brackets: 1_000,
  /** Runs of `*`, `_` or `~` (emphasis, strong, strikethrough delimiters) in one paragraph. */
  emphasisRuns: 1_000,
} as const;

/** A list marker at `at`: `-`, `+`, `*` or up to nine digits with `.` or `)`, then a space, a tab or the line's end. */
function listMarkerEnd(line: string, at: number): number {
  let end = at;
  if (line[at] === '-' || line[at] === '+' || line[at] === '*') end = at + 1;
  else {
    while (end < line.length && end - at < 9 && line[end]! >= '0' && line[end]! <= '9') end++;
    if (end === at || (line[end] !== '.' && line[end] !== ')')) return -1;
    end++;
  }
  return end === line.length || line[end] === ' ' || line[end] === '\t' ? end : -1;
}

interface LinePrefix {
  /** `>` markers. */
  quotes: number;
  /** List markers (each starts an item). */
  items: number;
  /** Columns of indentation (a tab counts four). */
  columns: number;
}

/** The markers and indentation a line starts with: what opens or continues containers. */
function prefixOf(line: string): LinePrefix {
  const prefix = { quotes: 0, items: 0, columns: 0 };
  let at = 0;
  while (at < line.length) {
    const char = line[at]!;
    if (char === ' ') prefix.columns += 1;
    else if (char === '\t') prefix.columns += 4;
    else if (char === '>') prefix.quotes += 1;
    else {
      const end = listMarkerEnd(line, at);
      if (end === -1) break;
      prefix.items += 1;
      at = end;
      continue;
    }
    at++;
  }
  return prefix;
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/** Openers and emphasis runs of one line, added to its paragraph's counts. */
function countInline(line: string, counts: { brackets: number; emphasisRuns: number }): void {
  let previous = '';
  for (let at = 0; at < line.length; at++) {
    const char = line[at]!;
    if (char === '\\' && at + 1 < line.length && ASCII_PUNCTUATION.test(line[at + 1]!)) {
      at++;
      previous = '';
      continue;
    }
    if (char === '[' || char === '(') counts.brackets++;
    else if ((char === '*' || char === '_' || char === '~') && char !== previous) counts.emphasisRuns++;
    previous = char;
  }
}

/** Counts over the whole text, and over the paragraph the scan is in. */
interface Counts {
  blockQuotes: number;
  listItems: number;
  /** `>` markers of the line before (0 after a blank line). */
  quotesBefore: number;
  brackets: number;
  emphasisRuns: number;
  paragraphStart: number;
}

/** The limits one line's start goes past, counted with the lines before it. */
function containerProblem(line: string, lineNumber: number, counts: Counts): string | null {
  const prefix = prefixOf(line);
  const depth = prefix.quotes + prefix.items + Math.floor(prefix.columns / 2);
  if (depth > MARKDOWN_LIMITS.nesting)
    return `line ${lineNumber} nests block quotes and lists ${depth} levels deep; at most ${MARKDOWN_LIMITS.nesting} (each two spaces of indentation count as a level)`;
  counts.blockQuotes += Math.max(0, prefix.quotes - counts.quotesBefore);
  counts.quotesBefore = prefix.quotes;
  counts.listItems += prefix.items;
  if (counts.blockQuotes > MARKDOWN_LIMITS.blockQuotes)
    return `line ${lineNumber} opens block quote number ${counts.blockQuotes}; a post has at most ${MARKDOWN_LIMITS.blockQuotes}`;
  if (counts.listItems > MARKDOWN_LIMITS.listItems)
    return `line ${lineNumber} starts list item number ${counts.listItems}; a post has at most ${MARKDOWN_LIMITS.listItems}`;
  return null;
}

/**
 * The first limit the text goes past, in words that name the limit and where; null when it keeps
 * within every one. Linear in the text's length.
 */
export function markdownLimitProblem(markdown: string): string | null {
  const lines = markdown.split(/\r\n|\r|\n/);
  const counts: Counts = {
    blockQuotes: 0,
    listItems: 0,
    quotesBefore: 0,
    brackets: 0,
    emphasisRuns: 0,
    paragraphStart: 1,
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') {
      Object.assign(counts, { quotesBefore: 0, brackets: 0, emphasisRuns: 0, paragraphStart: index + 2 });
      continue;
    }
    const problem = containerProblem(line, index + 1, counts);
    if (problem) return problem;
    countInline(line, counts);
    if (counts.brackets > MARKDOWN_LIMITS.brackets)
      return `the paragraph from line ${counts.paragraphStart} opens more than ${MARKDOWN_LIMITS.brackets} brackets and parentheses; split it with blank lines`;
    if (counts.emphasisRuns > MARKDOWN_LIMITS.emphasisRuns)
      return `the paragraph from line ${counts.paragraphStart} has more than ${MARKDOWN_LIMITS.emphasisRuns} runs of *, _ or ~; split it with blank lines`;
  }
  return null;
}
