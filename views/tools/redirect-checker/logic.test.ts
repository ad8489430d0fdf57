import { expect, test } from 'vitest';
import { parseUrlLines, redirectsToCsv } from './logic.ts';
import { redirectRequestSchema } from './schema.ts';

test('lines are trimmed and empty lines dropped, whatever the line endings', () => {
  expect(parseUrlLines('  https://a.example \r\n\r\nhttps://b.example\r \n')).toEqual(['https://a.example', 'https://b.example']);
  expect(parseUrlLines(' \n \n')).toEqual([]);
});

test('the shared schema applies the same trimming and the 100-URL limit', () => {
  expect(redirectRequestSchema.parse({ urls: [' a ', '', 'b'] })).toEqual({ urls: ['a', 'b'] });
  expect(redirectRequestSchema.safeParse({ urls: Array.from({ length: 101 }, () => 'x') }).success).toBe(false);
});

test('CSV export has a header, one row per URL, the chain, errors, and defused formulas', () => {
  const csv = redirectsToCsv([
    { originalUrl: 'http://a.example/', redirectedUrl: 'https://a.example/', hops: [{ url: 'http://a.example/', status: 301 }, { url: 'https://a.example/', status: 200 }], finalStatus: 200 },
    { originalUrl: '=HYPERLINK("x")', redirectedUrl: null, hops: [], finalStatus: null, error: 'Bad "URL"' },
  ]);
  expect(csv.split('\r\n')).toEqual([
    '"Original URL","Redirected URL","Final status","Hops","Chain","Error"',
    '"http://a.example/","https://a.example/","200","1","301 http://a.example/ -> 200 https://a.example/",""',
    '"\'=HYPERLINK(""x"")","","","0","","Bad ""URL"""',
    '',
  ]);
});
