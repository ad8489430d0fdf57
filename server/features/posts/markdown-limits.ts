/**
 * Limits on how deeply Markdown nests, checked in one linear pass before anything parses it
 * (docs/decisions/0051). micromark's work grows faster than the text where constructs nest: a
 * kilobyte of `>` took seconds and 3 KB overflowed the stack, `*a` repeated 20,000 times took 14 s,
 * `[a](` repeated as long. Text past a limit is refused with the limit named, never flattened, so
 * what the operator previews is exactly what the page shows.
 *
 * The counts over-estimate and never under-estimate what the parser will build: escapes are
 * honoured (an escaped bracket opens nothing), but nothing else is second-guessed (a bracket inside
 * a code span counts), so no layout of the text can slip deeper nesting past the check.
 */

export const MARKDOWN_LIMITS = {
  /** Block quotes and lists inside each other on one line; each two columns of indentation count as one. */
  nesting: 40,
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

/** How many containers a line's start can open or continue: its quote and list markers, plus its indentation in pairs of columns. */
function lineDepth(line: string): number {
  let columns = 0;
  let markers = 0;
  let at = 0;
  while (at < line.length) {
    const char = line[at]!;
    if (char === ' ') columns += 1;
    else if (char === '\t') columns += 4;
    else if (char === '>') markers += 1;
    else {
      const end = listMarkerEnd(line, at);
      if (end === -1) break;
      markers += 1;
      at = end;
      continue;
    }
    at++;
  }
  return markers + Math.floor(columns / 2);
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

/**
 * The first limit the text goes past, in words that name the limit and where; null when it keeps
 * within every one. Linear in the text's length.
 */
export function markdownLimitProblem(markdown: string): string | null {
  const lines = markdown.split(/\r\n|\r|\n/);
  let counts = { brackets: 0, emphasisRuns: 0 };
  let paragraphStart = 1;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') {
      counts = { brackets: 0, emphasisRuns: 0 };
      paragraphStart = index + 2;
      continue;
    }
    const depth = lineDepth(line);
    if (depth > MARKDOWN_LIMITS.nesting)
      return `line ${index + 1} nests block quotes and lists ${depth} levels deep; at most ${MARKDOWN_LIMITS.nesting} (each two spaces of indentation count as a level)`;
    countInline(line, counts);
    if (counts.brackets > MARKDOWN_LIMITS.brackets)
      return `the paragraph from line ${paragraphStart} opens more than ${MARKDOWN_LIMITS.brackets} brackets and parentheses; split it with blank lines`;
    if (counts.emphasisRuns > MARKDOWN_LIMITS.emphasisRuns)
      return `the paragraph from line ${paragraphStart} has more than ${MARKDOWN_LIMITS.emphasisRuns} runs of *, _ or ~; split it with blank lines`;
  }
  return null;
}
