import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SAMPLE_POSTS_DIR } from '#db/posts.ts';
import { MarkdownLimitError, renderMarkdown } from './markdown.ts';
import { MARKDOWN_LIMITS, markdownLimitProblem } from './markdown-limits.ts';
import { parsePostFile } from './post-file.ts';

// The security probe's payloads (docs/decisions/0051): each used to block the parser for seconds to
// minutes, or overflow its stack. Each is now refused, naming the limit, before anything parses it.
const nestedList = (levels: number) =>
  Array.from({ length: levels }, (_, depth) => `${'  '.repeat(depth)}- x`).join('\n');

test('deep block quotes, deep lists, endless brackets and emphasis runs are refused with the limit named', () => {
  expect(markdownLimitProblem('>'.repeat(50_000))).toBe(
    `line 1 nests block quotes and lists 50000 levels deep; at most ${MARKDOWN_LIMITS.nesting} (each two spaces of indentation count as a level)`,
  );
  expect(markdownLimitProblem('> '.repeat(1_500))).toMatch(/^line 1 nests block quotes and lists \d+ levels deep/);
  expect(markdownLimitProblem(nestedList(500))).toMatch(/^line 41 nests block quotes and lists 41 levels deep/);
  expect(markdownLimitProblem('*a'.repeat(20_000))).toBe(
    `the paragraph from line 1 has more than ${MARKDOWN_LIMITS.emphasisRuns} runs of *, _ or ~; split it with blank lines`,
  );
  expect(markdownLimitProblem('intro\n\n' + '[a]('.repeat(20_000))).toBe(
    `the paragraph from line 3 opens more than ${MARKDOWN_LIMITS.brackets} brackets and parentheses; split it with blank lines`,
  );
  expect(markdownLimitProblem('!['.repeat(2_000))).toMatch(/opens more than 1000 brackets/);
  // An escaped closer closes nothing for the parser, so it cannot hide the openers from the count.
  expect(markdownLimitProblem('[\\]'.repeat(2_000))).toMatch(/opens more than 1000 brackets/);
  // Thousands of quotes one after another, or of list items, cost time that grows with their number
  // times the text's length.
  expect(markdownLimitProblem('> x\n\n'.repeat(501))).toBe(
    `line 1001 opens block quote number 501; a post has at most ${MARKDOWN_LIMITS.blockQuotes}`,
  );
  expect(markdownLimitProblem('> a\n> > b\n'.repeat(500))).toMatch(/^line 1000 opens block quote number 501;/);
  expect(markdownLimitProblem('- a\n  - b\n'.repeat(501))).toBe(
    `line 1001 starts list item number 1001; a post has at most ${MARKDOWN_LIMITS.listItems}`,
  );
  // A line per level, as one paragraph: `*a` runs spread over lines still count together.
  expect(markdownLimitProblem(Array.from({ length: 1_001 }, () => '*a').join('\n'))).toMatch(/runs of \*, _ or ~/);
});

test('what writers write keeps within every limit: the shipped posts, code, tables, ordinary nesting', () => {
  for (const file of readdirSync(SAMPLE_POSTS_DIR).filter((name) => name.endsWith('.md'))) {
    const post = parsePostFile(readFileSync(join(SAMPLE_POSTS_DIR, file), 'utf8'));
    expect(markdownLimitProblem(post.body), file).toBeNull();
  }
  expect(markdownLimitProblem(nestedList(12))).toBeNull();
  expect(markdownLimitProblem('> > > a quote in a quote in a quote\n>\n> > back out')).toBeNull();
  expect(markdownLimitProblem('```python\n' + '    '.repeat(10) + 'return x\n```')).toBeNull();
  const table = ['| site | link |', '|---|---|', ...Array.from({ length: 300 }, (_, n) => `| **${n}** | [x](/y) |`)];
  expect(markdownLimitProblem(table.join('\n'))).toBeNull();
  // Blank lines start a new paragraph: the counts start again.
  expect(markdownLimitProblem(Array.from({ length: 50 }, () => '*a'.repeat(400)).join('\n\n'))).toBeNull();
});

test('the renderer itself refuses text past the limits before parsing it', () => {
  expect(() => renderMarkdown('>'.repeat(50_000))).toThrow(MarkdownLimitError);
  expect(() => renderMarkdown(nestedList(500))).toThrow(/^body: line 41 nests/);
  expect(renderMarkdown(nestedList(5)).html).toContain('<li>x');
});
