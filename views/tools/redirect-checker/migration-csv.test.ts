import { expect, test } from 'vitest';
import { csvRecords, EMPTY_CSV, HEADER_ONLY_CSV, parseMigrationCsv, skippedText } from './migration-csv.ts';
import { MAX_MIGRATION_CSV_BYTES, MAX_MIGRATION_ROWS } from './rules.ts';

test('quoted fields keep commas, doubled quotes and line breaks; CRLF, LF and CR all end a record', () => {
  expect(csvRecords('a,"b,c"\r\n"say ""hi""",x\n"two\nlines",y\rlast,z', ',')).toEqual([
    ['a', 'b,c'],
    ['say "hi"', 'x'],
    ['two\nlines', 'y'],
    ['last', 'z'],
  ]);
});

test('a byte-order mark, a header line and blank lines are dropped; extra columns are ignored; paths resolve later', () => {
  const csv =
    '\uFEFFOld URL,New URL,Notes\r\n\r\nhttps://a.example/old,https://a.example/new,moved\r\n  \r\n,,\r\n"https://a.example/x?a=1,2",/y\r\n';
  expect(parseMigrationCsv(csv)).toEqual({
    ok: true,
    headerSkipped: true,
    skipped: [],
    rows: [
      { from: 'https://a.example/old', to: 'https://a.example/new' },
      { from: 'https://a.example/x?a=1,2', to: '/y' },
    ],
  });
});

test('without a header the first line is a row; tabs (a spreadsheet paste) and semicolons work as separators', () => {
  expect(parseMigrationCsv('a.example/old,a.example/new')).toEqual({
    ok: true,
    headerSkipped: false,
    skipped: [],
    rows: [{ from: 'a.example/old', to: 'a.example/new' }],
  });
  expect(parseMigrationCsv('from\tto\nhttps://a.example/1\thttps://a.example/2\n')).toMatchObject({
    ok: true,
    rows: [{ from: 'https://a.example/1', to: 'https://a.example/2' }],
  });
  expect(parseMigrationCsv('https://a.example/1;https://a.example/2')).toMatchObject({
    rows: [{ from: 'https://a.example/1', to: 'https://a.example/2' }],
  });
});

test('rows that cannot be checked are skipped with their line numbers and why; the good rows are kept', () => {
  const csv = [
    'old,new',
    'https://a.example/1',
    'https://a.example/keep,/kept',
    'ftp://a.example/2,/b',
    '',
    'https://a.example/3,mailto:x',
    `https://a.example/${'a'.repeat(2048)},/b`,
    'https://a.example/also,https://a.example/kept-too',
  ].join('\n');
  expect(parseMigrationCsv(csv)).toEqual({
    ok: true,
    headerSkipped: true,
    rows: [
      { from: 'https://a.example/keep', to: '/kept' },
      { from: 'https://a.example/also', to: 'https://a.example/kept-too' },
    ],
    skipped: [
      { line: 2, problem: 'needs an old URL and a new URL.' },
      { line: 4, problem: 'the old URL "ftp://a.example/2" is not a valid http or https URL.' },
      { line: 6, problem: 'the new URL "mailto:x" is not a valid URL or /path.' },
      { line: 7, problem: 'URLs are limited to 2048 characters.' },
    ],
  });
  expect(skippedText({ line: 4, problem: 'needs an old URL and a new URL.' })).toBe(
    'Line 4: needs an old URL and a new URL.',
  );
});

test('a file with no good row is refused, its rows still listed', () => {
  expect(parseMigrationCsv('x1.example/a\nhttps://a.example/b,')).toEqual({
    ok: false,
    error: 'None of the 2 rows can be checked.',
    skipped: [
      { line: 1, problem: 'needs an old URL and a new URL.' },
      { line: 2, problem: 'needs an old URL and a new URL.' },
    ],
  });
});

test('an empty file and one with only a header each say so', () => {
  for (const empty of ['', '\uFEFF', '\r\n\r\n', ' , \n'])
    expect(parseMigrationCsv(empty)).toEqual({ ok: false, error: EMPTY_CSV, skipped: [] });
  for (const header of ['old,new', 'Old URL,New URL\r\n\r\n', '\uFEFFfrom\tto\n'])
    expect(parseMigrationCsv(header)).toEqual({ ok: false, error: HEADER_ONLY_CSV, skipped: [] });
  expect([EMPTY_CSV, HEADER_ONLY_CSV]).toEqual([
    'The CSV is empty: add one row per old URL (old URL, new URL).',
    'The CSV has only a header line: add one row per old URL under it (old URL, new URL).',
  ]);
});

test(`limits: ${MAX_MIGRATION_ROWS} rows and ${MAX_MIGRATION_CSV_BYTES / 1024 / 1024} MB; both refused whole`, () => {
  const row = (i: number) => `https://a.example/${i},/n/${i}`;
  const most = Array.from({ length: MAX_MIGRATION_ROWS }, (_, i) => row(i)).join('\n');
  expect(parseMigrationCsv(most)).toMatchObject({ ok: true });
  expect(parseMigrationCsv(`${most}\n${row(-1)}`)).toEqual({
    ok: false,
    error: 'At most 10,000 rows can be checked at once (this list has 10,001).',
    skipped: [],
  });
  expect(parseMigrationCsv(`https://a.example/,/${'x'.repeat(MAX_MIGRATION_CSV_BYTES)}`)).toEqual({
    ok: false,
    error: 'The CSV is too large (at most 4 MB).',
    skipped: [],
  });
});
