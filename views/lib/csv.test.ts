import { expect, test } from 'vitest';
import { csvLine, toCsv } from './csv.ts';

test('quotes cells with commas, quotes and newlines', () => {
  expect(
    toCsv(
      ['a', 'b'],
      [
        ['x,y', 'say "hi"'],
        ['line\nbreak', 'plain'],
      ],
    ),
  ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",plain\r\n');
});

test('neutralises spreadsheet formulas', () => {
  expect(toCsv(['v'], [['=HYPERLINK("x")'], ['-1'], ['@cmd']])).toBe(
    'v\r\n"\'=HYPERLINK(""x"")"\r\n\'-1\r\n\'@cmd\r\n',
  );
});

test('keeps unicode as is', () => {
  expect(toCsv(['v'], [['दिल्ली SEO']])).toBe('v\r\nदिल्ली SEO\r\n');
});

test('a line takes numbers and empty cells, and defuses formulas the same way', () => {
  expect(csvLine(['a', 3, null, undefined, '+SUM(A1)', 'x,y'])).toBe('a,3,,,\'+SUM(A1),"x,y"\r\n');
});
