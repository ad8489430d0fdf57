import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';

async function app() {
  return (await createTestApp()).app;
}

function headers(html: string): string[] {
  const thead = /<thead>(.*?)<\/thead>/s.exec(html)?.[1] ?? '';
  return [...thead.matchAll(/<th[^>]*>(.*?)<\/th>/gs)].map((match) => match[1].replace(/<[^>]+>/g, ''));
}

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .trim();
}

/** Cell texts, the name cell without its badges. */
function rows(html: string): string[][] {
  const tbody = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...tbody.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
    [...row[1].matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) =>
      text(cell[1].replace(/<span class="badge[^"]*">.*?<\/span>/g, '')),
    ),
  );
}

/** The badges in each row's name cell. */
function badges(html: string): string[][] {
  const tbody = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...tbody.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
    [...row[1].matchAll(/<span class="badge[^"]*">(.*?)<\/span>/g)].map((badge) => badge[1]),
  );
}

function pagerLinks(html: string): { href: string; text: string; current: boolean }[] {
  const nav = /<nav class="pager"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a ([^>]*)>(.*?)<\/a>/gs)].map((match) => ({
    href: (/href="([^"]*)"/.exec(match[1])?.[1] ?? '').replace(/&amp;/g, '&'),
    text: match[2],
    current: match[1].includes('aria-current="page"'),
  }));
}

function faqQuestions(html: string): number {
  return html.match(/<details class="faq-item">/g)?.length ?? 0;
}

test('ad-post page shows the spec columns and 20 numbered rows, blank metric cells and why they are blank', async () => {
  const res = await request(await app()).get('/ad-post-sites');
  expect(res.status).toBe(200);
  expect(headers(res.text)).toEqual(['#', 'Name', 'Domain Authority', 'Spam Score', 'Description']);
  const body = rows(res.text);
  expect(body).toHaveLength(20);
  expect(body.map((row) => row[0])).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1)));
  expect(body[0]).toEqual(['1', 'OLX India', '', '', expect.stringContaining('classifieds')]);
  expect(badges(res.text)[0]).toEqual(['India']);
  expect(text(res.text)).toContain(
    'cells are blank on purpose: they are third-party estimates by Moz, and we publish only figures whose source and month we can state.',
  );
  expect(res.text).toContain('href="https://moz.com/link-explorer"');
  // Nothing sortable without figures, and no claim that the list was checked.
  expect(res.text).not.toContain('data-sort-key');
  expect(text(res.text)).toContain('The links in this list have not been checked by our link checker yet.');
  expect(text(res.text)).not.toMatch(/\bchecked list\b|\bverified\b/i);
});

test('region and link-type badges sit in the name cell, and the filters beside the search work without JavaScript', async () => {
  const client = await app();
  const page = await request(client).get('/social-bookmarking-sites');
  const reddit = rows(page.text).findIndex((row) => row[1] === 'Reddit');
  expect(badges(page.text)[reddit]).toEqual(['Global', 'nofollow']);
  expect(page.text).toMatch(
    /<select id="social-bookmarking-sites-region" name="region">.*<option value="India">India<\/option>/s,
  );
  expect(page.text).toMatch(
    /<select id="social-bookmarking-sites-link" name="link">.*<option value="unknown">Not known<\/option>/s,
  );

  const indian = await request(client).get('/social-bookmarking-sites?region=India');
  expect(indian.status).toBe(200);
  expect(badges(indian.text).every((row) => row[0] === 'India')).toBe(true);
  expect(rows(indian.text).map((row) => row[1])).toContain('ShareChat');
  expect(indian.text).toMatch(/<option value="India" selected="">India<\/option>/);
  expect(text(indian.text)).toMatch(/Showing 1–\d+ of \d+ sites \(region India\)\./);

  const nofollow = await request(client).get('/social-bookmarking-sites?link=nofollow&q=quora');
  expect(rows(nofollow.text).map((row) => row[1])).toEqual(['Quora', 'Quora in Hindi']);
  const unknown = await request(client).get('/article-submission-sites?link=unknown&region=India');
  expect(rows(unknown.text).map((row) => row[1])).toEqual(['Pratilipi']);
  // An unknown filter value is ignored rather than answered with an empty list.
  const ignored = await request(client).get('/guest-post-sites?region=Mars&link=follow');
  expect(rows(ignored.text)).toHaveLength(5);
  // Page links keep the filters.
  expect(
    pagerLinks(indian.text)
      .slice(1)
      .every((link) => link.href.includes('region=India')),
  ).toBe(true);
});

test('plain lists show #, Name, Description; bookmarking pages by 20, the others by 5', async () => {
  const client = await app();
  for (const [path, size] of [
    ['/social-bookmarking-sites', 20],
    ['/guest-post-sites', 5],
    ['/article-submission-sites', 5],
    ['/directory-submission-sites', 5],
    ['/image-submission-sites', 5],
  ] as const) {
    const res = await request(client).get(path);
    expect(res.status, path).toBe(200);
    expect(headers(res.text), path).toEqual(['#', 'Name', 'Description']);
    expect(rows(res.text), path).toHaveLength(size);
    expect(faqQuestions(res.text), path).toBe(4);
  }
});

test('video page shows the first 20 sites with a DA column, no pager and 5 FAQ entries', async () => {
  const res = await request(await app()).get('/video-submission-sites');
  expect(headers(res.text)).toEqual(['#', 'Name', 'Description', 'DA']);
  const body = rows(res.text);
  expect(body).toHaveLength(20);
  expect(body[0]).toEqual(['1', 'YouTube', expect.any(String), '']);
  expect(body.map((row) => row[1])).not.toContain('TikTok');
  expect(res.text).toMatch(/<nav class="pager"[^>]*hidden/);
  expect(faqQuestions(res.text)).toBe(5);
});

test('page buttons are real ?page=N links and page 2 continues the numbering', async () => {
  const client = await app();
  const first = await request(client).get('/ad-post-sites');
  const links = pagerLinks(first.text);
  expect(links.map((link) => link.text)).toEqual(['1', '2', '3', '4']);
  expect(links.map((link) => link.href)).toEqual([
    '/ad-post-sites',
    '/ad-post-sites?page=2',
    '/ad-post-sites?page=3',
    '/ad-post-sites?page=4',
  ]);
  expect(links.filter((link) => link.current).map((link) => link.text)).toEqual(['1']);

  const second = await request(client).get('/ad-post-sites?page=2');
  expect(second.status).toBe(200);
  const body = rows(second.text);
  expect(body[0][0]).toBe('21');
  expect(body[0][1]).not.toBe(rows(first.text)[0][1]);
  expect(pagerLinks(second.text).find((link) => link.current)?.text).toBe('2');
  expect(second.text).toContain('<link rel="canonical" href="https://example.test/ad-post-sites"/>');
});

test('the last page holds the remainder of the list', async () => {
  const res = await request(await app()).get('/guest-post-sites?page=5');
  expect(res.status).toBe(200);
  expect(rows(res.text).map((row) => row[0])).toEqual(['21', '22', '23', '24']);
});

test('out-of-range and malformed page numbers answer 404 with the not-found page', async () => {
  const client = await app();
  for (const path of [
    '/ad-post-sites?page=5',
    '/ad-post-sites?page=0',
    '/guest-post-sites?page=abc',
    '/video-submission-sites?page=2',
  ]) {
    const res = await request(client).get(path);
    expect(res.status, path).toBe(404);
    expect(res.text, path).toContain('404 - Page Not Found');
  }
});

test('a repeated ?page uses the first value', async () => {
  const res = await request(await app()).get('/social-bookmarking-sites?page=2&page=9');
  expect(res.status).toBe(200);
  expect(rows(res.text)[0][0]).toBe('21');
});

test('site names open in a new tab without leaking the opener or referrer', async () => {
  const res = await request(await app()).get('/guest-post-sites');
  const tbody = /<tbody>(.*?)<\/tbody>/s.exec(res.text)?.[1] ?? '';
  const anchors = [...tbody.matchAll(/<a ([^>]*)>/g)].map((match) => match[1]);
  expect(anchors).toHaveLength(5);
  for (const anchor of anchors) {
    expect(anchor).toMatch(/href="https:\/\//);
    expect(anchor).toContain('target="_blank"');
    expect(anchor).toContain('rel="noopener noreferrer"');
  }
});

test('without JavaScript, ?q= filters and ?sort= orders the table, and paging keeps both', async () => {
  const client = await app();
  const search = await request(client).get('/ad-post-sites?q=property');
  const names = rows(search.text).map((row) => row[1]);
  expect(names).toEqual(expect.arrayContaining(['99acres', 'MagicBricks', 'Housing.com', 'Makaan.com']));
  expect(names).not.toContain('Naukri');
  expect(search.text).toContain('matching “property”');

  const jobs = await request(client).get('/ad-post-sites?q=job');
  expect(rows(jobs.text).length).toBeGreaterThan(10);
  // A sort request on a list without sourced figures keeps the curated order.
  const sorted = await request(client).get('/ad-post-sites?sort=da-desc');
  expect(rows(sorted.text)[0][1]).toBe('OLX India');
  expect(pagerLinks(sorted.text)[1].href).toBe('/ad-post-sites?page=2');
});

test('a search with no match says so and keeps page 1', async () => {
  const res = await request(await app()).get('/social-bookmarking-sites?q=zzzzqqq');
  expect(res.status).toBe(200);
  expect(rows(res.text)).toHaveLength(0);
  expect(res.text).toContain('No sites match “zzzzqqq”.');
});

test('each page links to the other lists, the content hubs and home', async () => {
  const res = await request(await app()).get('/image-submission-sites');
  const nav = /<nav class="directory-links"[^>]*>(.*?)<\/nav>/s.exec(res.text)?.[1] ?? '';
  const hrefs = [...nav.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
  expect(hrefs).toEqual([
    '/ad-post-sites',
    '/social-bookmarking-sites',
    '/guest-post-sites',
    '/article-submission-sites',
    '/directory-submission-sites',
    '/video-submission-sites',
    '/seo-guides',
    '/digital-marketing',
    '/career-guidance',
    '/',
  ]);
});

test('every page publishes its FAQ as FAQPage JSON-LD with the same number of questions', async () => {
  const client = await app();
  for (const [path, count] of [
    ['/ad-post-sites', 4],
    ['/video-submission-sites', 5],
  ] as const) {
    const res = await request(client).get(path);
    const blocks = [...res.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
      JSON.parse(match[1]),
    );
    const faq = blocks.find((block) => block['@type'] === 'FAQPage');
    expect(faq.mainEntity, path).toHaveLength(count);
  }
});
