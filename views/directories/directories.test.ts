import { expect, test } from 'vitest';
import { columnsFor, csvRows } from './columns.ts';
import { browsableSites, directories, findDirectory, formatAsOf } from './directories.ts';
import { directoryListSchema, normaliseUrl } from './schema.ts';

function directory(slug: string) {
  const found = findDirectory(slug);
  if (!found) throw new Error(`no directory ${slug}`);
  return found;
}

const minimumSizes: Record<string, number> = {
  'ad-post-sites': 60,
  'social-bookmarking-sites': 100,
  'guest-post-sites': 20,
  'article-submission-sites': 20,
  'directory-submission-sites': 20,
  'image-submission-sites': 20,
  'video-submission-sites': 20,
};

test('there are exactly the seven directory pages of the spec', () => {
  expect(directories.map((entry) => entry.path)).toEqual(Object.keys(minimumSizes).map((slug) => `/${slug}`));
});

test('every list meets its minimum size', () => {
  for (const entry of directories) expect(entry.list.sites.length, entry.slug).toBeGreaterThanOrEqual(minimumSizes[entry.slug]);
});

test('every list passes the schema: unique ids, unique https URLs, honest lengths', () => {
  for (const entry of directories) {
    const result = directoryListSchema.safeParse(entry.list);
    expect(result.success, `${entry.slug}: ${result.error?.message}`).toBe(true);
    const ids = entry.list.sites.map((site) => site.id);
    expect(new Set(ids).size, entry.slug).toBe(ids.length);
    const urls = entry.list.sites.map((site) => normaliseUrl(site.url));
    expect(new Set(urls).size, entry.slug).toBe(urls.length);
    const names = entry.list.sites.map((site) => site.name.toLowerCase());
    expect(new Set(names).size, entry.slug).toBe(names.length);
  }
});

test('the schema rejects a repeated id, a repeated URL in another spelling and plain http', () => {
  const site = { id: 1, name: 'Example', url: 'https://www.example.com/', description: 'A site used to check the schema rules.' };
  expect(directoryListSchema.safeParse({ asOf: '2024-06', sites: [site, { ...site, url: 'https://other.example.com/' }] }).success).toBe(false);
  expect(directoryListSchema.safeParse({ asOf: '2024-06', sites: [site, { ...site, id: 2, url: 'https://example.com' }] }).success).toBe(false);
  expect(directoryListSchema.safeParse({ asOf: '2024-06', sites: [{ ...site, url: 'http://example.com/' }] }).success).toBe(false);
  expect(directoryListSchema.safeParse({ asOf: '2024-13', sites: [site] }).success).toBe(false);
});

test('metrics only appear on the lists whose tables show them', () => {
  for (const entry of directories) {
    const keys = columnsFor(entry.layout).map((column) => column.key);
    for (const site of entry.list.sites) {
      if (!keys.includes('da')) expect(site.da, `${entry.slug} ${site.name}`).toBeUndefined();
      if (!keys.includes('spam')) expect(site.spam, `${entry.slug} ${site.name}`).toBeUndefined();
    }
  }
});

test('every video site has a DA between 66 and 100 and the page shows the first 20', () => {
  const video = directory('video-submission-sites');
  for (const site of video.list.sites) {
    expect(site.da, site.name).toBeGreaterThanOrEqual(66);
    expect(site.da, site.name).toBeLessThanOrEqual(100);
  }
  expect(browsableSites(video)).toEqual(video.list.sites.slice(0, 20));
  expect(video.pageSize).toBeNull();
});

test('most ad-post sites carry a DA, and spam scores are a plausible percentage', () => {
  const adPost = directory('ad-post-sites');
  const withDa = adPost.list.sites.filter((site) => site.da !== undefined);
  expect(withDa.length).toBeGreaterThanOrEqual(40);
  for (const site of adPost.list.sites) if (site.spam !== undefined) expect(site.spam).toBeLessThanOrEqual(30);
});

test('page sizes follow the spec: 20 for ad-post and bookmarking, 5 for the rest', () => {
  const sizes = Object.fromEntries(directories.map((entry) => [entry.slug, entry.pageSize]));
  expect(sizes).toEqual({
    'ad-post-sites': 20,
    'social-bookmarking-sites': 20,
    'guest-post-sites': 5,
    'article-submission-sites': 5,
    'directory-submission-sites': 5,
    'image-submission-sites': 5,
    'video-submission-sites': null,
  });
});

test('each page has 4 FAQ entries, the video page 5, all distinct and substantial', () => {
  for (const entry of directories) {
    expect(entry.copy.faq, entry.slug).toHaveLength(entry.slug === 'video-submission-sites' ? 5 : 4);
    for (const faq of entry.copy.faq) {
      expect(faq.question.endsWith('?'), faq.question).toBe(true);
      expect(faq.answer.length, faq.question).toBeGreaterThan(120);
    }
  }
  const questions = directories.flatMap((entry) => entry.copy.faq.map((faq) => faq.question));
  expect(new Set(questions).size).toBe(questions.length);
});

test('page copy is distinct per page and sized for search snippets', () => {
  for (const entry of directories) {
    expect(entry.copy.intro.length, entry.slug).toBeGreaterThan(250);
    expect(entry.copy.title.length, entry.slug).toBeLessThanOrEqual(65);
    expect(entry.copy.description.length, entry.slug).toBeGreaterThanOrEqual(100);
    expect(entry.copy.description.length, entry.slug).toBeLessThanOrEqual(170);
  }
  expect(new Set(directories.map((entry) => entry.copy.intro)).size).toBe(7);
});

test('the CSV rows carry the URL and, on the ad-post list, DA and spam as shown', () => {
  const rows = csvRows([{ id: 9, name: 'Craigslist', url: 'https://www.craigslist.org/', description: 'Local ads', da: 92, spam: 1 }], 'metrics');
  expect(rows).toEqual([
    ['#', 'Name', 'URL', 'Description', 'Domain Authority', 'Spam Score'],
    ['1', 'Craigslist', 'https://www.craigslist.org/', 'Local ads', '92', '1%'],
  ]);
  expect(csvRows([], 'plain')).toEqual([['#', 'Name', 'URL', 'Description']]);
});

test('the as-of month reads as a date a person understands', () => {
  expect(formatAsOf('2024-06')).toBe('June 2024');
  expect(formatAsOf('2025-01')).toBe('January 2025');
});
