import { expect, test } from 'vitest';
import { csvRecords, parseMigrationCsv } from './migration-csv.ts';
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

test('rows that cannot be checked refuse the file with their line numbers, five at most', () => {
  expect(parseMigrationCsv('old,new\nhttps://a.example/1\nftp://a.example/2,/b\nhttps://a.example/3,mailto:x')).toEqual(
    {
      ok: false,
      error: '3 rows cannot be checked:',
      problems: [
        'Line 2: needs an old URL and a new URL.',
        'Line 3: the old URL "ftp://a.example/2" is not a valid http or https URL.',
        'Line 4: the new URL "mailto:x" is not a valid URL or /path.',
      ],
    },
  );
  const bad = Array.from({ length: 7 }, (_, i) => `x${i}.example/a`).join('\n');
  const parsed = parseMigrationCsv(bad);
  expect(parsed.ok ? [] : parsed.problems).toHaveLength(6);
  expect(parsed.ok ? '' : parsed.problems[5]).toBe('…and 2 more.');
  expect(parseMigrationCsv(`https://a.example/${'a'.repeat(2048)},/b`)).toMatchObject({
    problems: ['Line 1: URLs are limited to 2048 characters.'],
  });
});

test(`limits: ${MAX_MIGRATION_ROWS} rows and ${MAX_MIGRATION_CSV_BYTES / 1024 / 1024} MB; an empty list says what to enter`, () => {
  const row = (i: number) => `https://a.example/${i},/n/${i}`;
  const most = Array.from({ length: MAX_MIGRATION_ROWS }, (_, i) => row(i)).join('\n');
  expect(parseMigrationCsv(most)).toMatchObject({ ok: true });
  expect(parseMigrationCsv(`${most}\n${row(-1)}`)).toEqual({
    ok: false,
    error: 'At most 10,000 rows can be checked at once (this list has 10,001).',
    problems: [],
  });
  expect(parseMigrationCsv(`https://a.example/,/${'x'.repeat(MAX_MIGRATION_CSV_BYTES)}`)).toEqual({
    ok: false,
    error: 'The CSV is too large (at most 4 MB).',
    problems: [],
  });
  expect(parseMigrationCsv('old,new\n\n')).toEqual({
    ok: false,
    error: 'Please enter at least one row: old URL, new URL.',
    problems: [],
  });
});
