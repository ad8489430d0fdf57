import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';

async function app() {
  return (await createTestApp()).app;
}

/** Splits RFC 4180 text into rows of fields (quoted fields may hold commas, quotes, newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  return rows;
}

test('the ad-post CSV downloads as an attachment with every site, its metric columns, region, link type and last check', async () => {
  const res = await request(await app())
    .get('/api/directories/ad-post-sites.csv')
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="ad-post-sites.csv"');
  const rows = parseCsv((res.body as string).replace(/^\uFEFF/, ''));
  expect(rows[0]).toEqual([
    '#',
    'Name',
    'URL',
    'Description',
    'Domain Authority',
    'Spam Score',
    'Region',
    'Link type',
    'Last checked',
  ]);
  expect(rows.length - 1).toBeGreaterThanOrEqual(60);
  expect(rows[1]).toEqual([
    '1',
    'OLX India',
    'https://www.olx.in/',
    expect.stringContaining(','),
    '',
    '',
    'India',
    '',
    '',
  ]);
  expect(rows.every((row) => row.length === 9)).toBe(true);
});

test('the video CSV has the full list, more than the 20 the page shows', async () => {
  const res = await request(await app()).get('/api/directories/video-submission-sites.csv');
  const rows = parseCsv(res.text.replace(/^\uFEFF/, ''));
  expect(rows[0]).toEqual(['#', 'Name', 'URL', 'Description', 'DA', 'Region', 'Link type', 'Last checked']);
  expect(rows.length - 1).toBeGreaterThan(20);
});

test('the JSON feed holds the rows the page can browse', async () => {
  const res = await request(await app()).get('/api/directories/video-submission-sites.json');
  expect(res.status).toBe(200);
  expect(res.body.sites).toHaveLength(20);
  expect(res.body.sites[0]).toEqual({
    id: 1,
    name: 'YouTube',
    url: 'https://www.youtube.com/',
    region: 'Global',
    linkType: 'nofollow',
    description: expect.any(String),
  });
  expect(res.body.metrics).toBeNull();
  const social = await request(await app()).get('/api/directories/social-bookmarking-sites.json');
  expect(social.body.sites.length).toBeGreaterThanOrEqual(100);
  expect(social.body.pageSize).toBe(20);
});

test('an unknown list or format answers 404 JSON, not a 500', async () => {
  const client = await app();
  for (const path of [
    '/api/directories/nope.csv',
    '/api/directories/ad-post-sites.xml',
    '/api/directories/ad-post-sites',
    '/api/directories/..%2Fetc.csv',
  ]) {
    const res = await request(client).get(path);
    expect(res.status, path).toBe(404);
    expect(res.body.error, path).toMatch(/No such directory list/);
  }
});
