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
  for (const entry of directories)
    expect(entry.list.sites.length, entry.slug).toBeGreaterThanOrEqual(minimumSizes[entry.slug]);
});

test('every list passes the schema: unique ids, unique https URLs and names, a region on every entry', () => {
  for (const entry of directories) {
    const result = directoryListSchema.safeParse(entry.list);
    expect(result.success, `${entry.slug}: ${result.error?.message}`).toBe(true);
    const ids = entry.list.sites.map((site) => site.id);
    expect(new Set(ids).size, entry.slug).toBe(ids.length);
    const urls = entry.list.sites.map((site) => normaliseUrl(site.url));
    expect(new Set(urls).size, entry.slug).toBe(urls.length);
    const names = entry.list.sites.map((site) => site.name.toLowerCase());
    expect(new Set(names).size, entry.slug).toBe(names.length);
    for (const site of entry.list.sites)
      expect(site.region, site.name).toMatch(/^(India|Global|[A-Z][a-z]+( [A-Z][a-z]+)*)$/);
  }
});

const site = {
  id: 1,
  name: 'Example',
  url: 'https://www.example.com/',
  region: 'India',
  description: 'A site used to check the schema rules.',
};

test('the schema rejects a repeated id, a repeated URL in another spelling, plain http, a bad region or link type', () => {
  expect(directoryListSchema.safeParse({ sites: [site, { ...site, url: 'https://other.example.com/' }] }).success).toBe(
    false,
  );
  expect(directoryListSchema.safeParse({ sites: [site, { ...site, id: 2, url: 'https://example.com' }] }).success).toBe(
    false,
  );
  expect(directoryListSchema.safeParse({ sites: [{ ...site, url: 'http://example.com/' }] }).success).toBe(false);
  const { region: _region, ...withoutRegion } = site;
  expect(directoryListSchema.safeParse({ sites: [withoutRegion] }).success).toBe(false);
  expect(directoryListSchema.safeParse({ sites: [{ ...site, region: 'india' }] }).success).toBe(false);
  expect(directoryListSchema.safeParse({ sites: [{ ...site, linkType: 'follow' }] }).success).toBe(false);
  // lastChecked is written only by the link checker, never typed into the data.
  expect(directoryListSchema.safeParse({ sites: [{ ...site, lastChecked: '2026-01-01' }] }).success).toBe(false);
  expect(directoryListSchema.safeParse({ sites: [{ ...site, region: 'Nepal', linkType: 'mixed' }] }).success).toBe(
    true,
  );
});

test('a DA or spam figure needs the list to name its source and month', () => {
  expect(directoryListSchema.safeParse({ sites: [{ ...site, da: 50 }] }).success).toBe(false);
  expect(
    directoryListSchema.safeParse({
      metrics: { source: 'Moz Link Explorer', asOf: '2024-13' },
      sites: [{ ...site, da: 50 }],
    }).success,
  ).toBe(false);
  expect(
    directoryListSchema.safeParse({
      metrics: { source: 'Moz Link Explorer', asOf: '2026-02' },
      sites: [{ ...site, da: 50, spam: 1 }],
    }).success,
  ).toBe(true);
});

test('no list publishes a DA or spam figure it cannot source, and unsourced lists offer no metric sort', () => {
  for (const entry of directories) {
    if (entry.list.metrics) continue;
    for (const listed of entry.list.sites)
      expect([listed.da, listed.spam], `${entry.slug} ${listed.name}`).toEqual([undefined, undefined]);
    expect(entry.sortable, entry.slug).toEqual([]);
  }
});

test('metrics only appear on the lists whose tables show them', () => {
  for (const entry of directories) {
    const keys = columnsFor(entry.layout).map((column) => column.key);
    for (const listed of entry.list.sites) {
      if (!keys.includes('da')) expect(listed.da, `${entry.slug} ${listed.name}`).toBeUndefined();
      if (!keys.includes('spam')) expect(listed.spam, `${entry.slug} ${listed.name}`).toBeUndefined();
    }
  }
});

// Issue 16: private tools that create no public link, classifieds an Indian business cannot post
// on, communities in other languages, and apps blocked in India have no place in these lists.
const bannedNames = [
  'Instapaper',
  'Feedly',
  'Inoreader',
  'NewsBlur',
  'Evernote',
  'Matter',
  'mymind',
  'Toby',
  'Workona',
  'Zotero',
  'wallabag',
  'Telegram',
  'Pocket',
  'Readwise Reader',
  'FINN.no',
  'DBA',
  'willhaben',
  'Avito',
  'sahibinden.com',
  'OfferUp',
  'KSL Classifieds',
  'Gumtree UK',
  'Gumtree Australia',
  'Kijiji',
  'leboncoin',
  'Kleinanzeigen',
  'Marktplaats',
  'Subito',
  'Milanuncios',
  'Wallapop',
  'Blocket',
  'tutti.ch',
  'Mudah.my',
  'Jiji Nigeria',
  'Trade Me',
  'Mercado Libre',
  'Bikroy',
  'ikman',
  'Hamrobazar',
  'OLX Pakistan',
  'OLX Poland',
  'OLX Brasil',
  'PakWheels',
  'Zameen',
  'Nextdoor',
  'Yelp',
  'Yell',
  'VK',
  'VK Video',
  'Odnoklassniki',
  'Weibo',
  'Douban',
  'XING',
  'Hatena Bookmark',
  'Pikabu',
  'Habr',
  'Menéame',
  'Wykop',
  'mixi',
  'Qiita',
  'Zhihu',
  'Dcard',
  'Kaskus',
  'Pantip',
  'Plurk',
  'note',
  'TikTok',
  'Bilibili',
  'Koo',
];
const bannedHosts = [
  'instapaper.com',
  'feedly.com',
  'inoreader.com',
  'newsblur.com',
  'evernote.com',
  'getmatter.com',
  'mymind.com',
  'gettoby.com',
  'workona.com',
  'zotero.org',
  'wallabag.it',
  'telegram.org',
  'telegra.ph',
  'finn.no',
  'dba.dk',
  'willhaben.at',
  'avito.ru',
  'sahibinden.com',
  'offerup.com',
  'ksl.com',
  'jiji.ng',
  'hamrobazaar.com',
  'olx.com.pk',
  'olx.pl',
  'olx.com.br',
  'gumtree.com',
  'kijiji.ca',
  'vk.com',
  'ok.ru',
  'weibo.com',
  'tiktok.com',
  'bilibili.com',
  'kooapp.com',
  'yelp.com',
  'nextdoor.com',
];

test('no list holds a banned kind of entry (private tools, foreign classifieds, other-language communities, blocked apps)', () => {
  const banned = new Set(bannedNames.map((name) => name.toLowerCase()));
  for (const entry of directories) {
    for (const listed of entry.list.sites) {
      const host = new URL(listed.url).hostname.replace(/^www\./, '');
      expect(banned.has(listed.name.toLowerCase()), `${entry.slug}: ${listed.name}`).toBe(false);
      expect(
        bannedHosts.filter((bad) => host === bad || host.endsWith(`.${bad}`)),
        `${entry.slug}: ${listed.url}`,
      ).toEqual([]);
    }
  }
});

test('each list serves Indian businesses: Indian entries where they exist, India or Global first in the region filter', () => {
  const indian = Object.fromEntries(
    directories.map((entry) => [entry.slug, entry.list.sites.filter((listed) => listed.region === 'India').length]),
  );
  expect(indian['ad-post-sites']).toBeGreaterThanOrEqual(40);
  expect(indian['social-bookmarking-sites']).toBeGreaterThanOrEqual(5);
  expect(indian['guest-post-sites']).toBeGreaterThanOrEqual(5);
  expect(indian['directory-submission-sites']).toBeGreaterThanOrEqual(5);
  expect(indian['video-submission-sites']).toBeGreaterThanOrEqual(3);
  for (const entry of directories) expect(['India', 'Global'], entry.slug).toContain(entry.regions[0]);
});

test('the video page shows the first 20 sites of its list', () => {
  const video = directory('video-submission-sites');
  expect(browsableSites(video)).toEqual(video.list.sites.slice(0, 20));
  expect(video.pageSize).toBeNull();
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

test('the CSV rows carry the URL, the metrics where the table has them, region, link type and last check', () => {
  const rows = csvRows(
    [
      {
        id: 9,
        name: 'OLX India',
        url: 'https://www.olx.in/',
        region: 'India',
        description: 'Local ads',
        da: 70,
        spam: 1,
      },
    ],
    'metrics',
    () => '2026-03-01',
  );
  expect(rows).toEqual([
    ['#', 'Name', 'URL', 'Description', 'Domain Authority', 'Spam Score', 'Region', 'Link type', 'Last checked'],
    ['1', 'OLX India', 'https://www.olx.in/', 'Local ads', '70', '1%', 'India', '', '2026-03-01'],
  ]);
  expect(
    csvRows(
      [
        {
          id: 1,
          name: 'Reddit',
          url: 'https://www.reddit.com/',
          region: 'Global',
          linkType: 'nofollow',
          description: 'Links',
        },
      ],
      'plain',
    ),
  ).toEqual([
    ['#', 'Name', 'URL', 'Description', 'Region', 'Link type', 'Last checked'],
    ['1', 'Reddit', 'https://www.reddit.com/', 'Links', 'Global', 'nofollow', ''],
  ]);
});

test('the as-of month reads as a date a person understands', () => {
  expect(formatAsOf('2024-06')).toBe('June 2024');
  expect(formatAsOf('2025-01')).toBe('January 2025');
});
