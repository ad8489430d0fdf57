import { expect, test } from 'vitest';
import type { SiteRow } from './logic.ts';
import {
  buildQuery,
  countPages,
  describeView,
  filterSites,
  NO_FILTERS,
  nextSort,
  paginate,
  parseFilters,
  parsePage,
  parseSort,
  regionsOf,
  sortSites,
  viewSites,
} from './logic.ts';

function makeSites(count: number, extra: (index: number) => Partial<SiteRow> = () => ({})): SiteRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Site ${index + 1}`,
    url: `https://site${index + 1}.example.org/`,
    region: 'India',
    description: `Description of site ${index + 1}`,
    ...extra(index),
  }));
}

test('the first page of 68 sites at 20 a page holds rows 1-20 of 4 pages', () => {
  const slice = paginate(makeSites(68), 20, 1);
  expect(slice.rows.map((site) => site.id)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  expect(slice.pageCount).toBe(4);
  expect(slice.firstNumber).toBe(1);
});

test('the last page holds only the remainder and numbers continue from the previous page', () => {
  const slice = paginate(makeSites(68), 20, 4);
  expect(slice.rows.map((site) => site.id)).toEqual([61, 62, 63, 64, 65, 66, 67, 68]);
  expect(slice.firstNumber).toBe(61);
});

test('pages of 5 split 22 sites into 5 pages, the last with 2 rows', () => {
  expect(countPages(22, 5)).toBe(5);
  expect(paginate(makeSites(22), 5, 5).rows).toHaveLength(2);
  expect(paginate(makeSites(22), 5, 2).rows.map((site) => site.id)).toEqual([6, 7, 8, 9, 10]);
});

test('an empty list still has one page', () => {
  expect(countPages(0, 20)).toBe(1);
  expect(paginate([], 20, 1)).toEqual({ rows: [], page: 1, pageCount: 1, firstNumber: 1 });
});

test('paginate clamps a page past the end to the last page', () => {
  expect(paginate(makeSites(10), 5, 9).page).toBe(2);
  expect(paginate(makeSites(10), 5, 0).page).toBe(1);
});

test('parsePage treats a missing page as page 1 and accepts pages within range', () => {
  expect(parsePage(undefined, 4)).toBe(1);
  expect(parsePage('', 4)).toBe(1);
  expect(parsePage('1', 4)).toBe(1);
  expect(parsePage('4', 4)).toBe(4);
});

test('parsePage rejects out-of-range, zero, negative, fractional, padded and repeated values', () => {
  for (const raw of ['5', '0', '-1', '1.5', '01', ' 2', 'abc', '2e1', '9999999']) expect(parsePage(raw, 4)).toBeNull();
  expect(parsePage(['1', '2'], 4)).toBeNull();
});

test('search matches every word in name, description or host, ignoring case', () => {
  const sites: SiteRow[] = [
    { id: 1, name: 'OLX India', url: 'https://www.olx.in/', region: 'India', description: 'Used cars and mobiles' },
    { id: 2, name: 'Quikr', url: 'https://www.quikr.com/', region: 'India', description: 'Jobs, homes and used goods' },
    { id: 3, name: 'Etsy', url: 'https://www.etsy.com/', region: 'Global', description: 'Handmade goods' },
  ];
  const search = (query: string) => filterSites(sites, { ...NO_FILTERS, query }).map((site) => site.id);
  expect(search('used')).toEqual([1, 2]);
  expect(search('USED cars')).toEqual([1]);
  expect(search('etsy.com')).toEqual([3]);
  expect(search('nothing like this')).toEqual([]);
  expect(search('   ')).toHaveLength(3);
});

test('region and link-type filters match exactly, "unknown" picks the sites without a link type, and they combine with search', () => {
  const sites: SiteRow[] = [
    {
      id: 1,
      name: 'Reddit',
      url: 'https://www.reddit.com/',
      region: 'Global',
      linkType: 'nofollow',
      description: 'Community links',
    },
    { id: 2, name: 'ShareChat', url: 'https://sharechat.com/', region: 'India', description: 'Indian community posts' },
    {
      id: 3,
      name: 'Blogger',
      url: 'https://www.blogger.com/',
      region: 'Global',
      linkType: 'dofollow',
      description: 'Blogs',
    },
    {
      id: 4,
      name: 'Peerlist',
      url: 'https://peerlist.io/',
      region: 'India',
      linkType: 'nofollow',
      description: 'Tech profiles',
    },
  ];
  const ids = (filters: Partial<typeof NO_FILTERS>) =>
    filterSites(sites, { ...NO_FILTERS, ...filters }).map((site) => site.id);
  expect(ids({ region: 'India' })).toEqual([2, 4]);
  expect(ids({ link: 'nofollow' })).toEqual([1, 4]);
  expect(ids({ link: 'unknown' })).toEqual([2]);
  expect(ids({ region: 'India', link: 'nofollow' })).toEqual([4]);
  expect(ids({ region: 'Global', query: 'blogs' })).toEqual([3]);
  expect(ids({ link: 'mixed' })).toEqual([]);
});

test('the region filter offers India and Global first, then countries A-Z, and ignores values the list lacks', () => {
  const sites = makeSites(4, (index) => ({ region: ['Nepal', 'Global', 'India', 'Bhutan'][index] }));
  expect(regionsOf(sites)).toEqual(['India', 'Global', 'Bhutan', 'Nepal']);
  const regions = regionsOf(sites);
  expect(parseFilters(new URLSearchParams('region=India&link=dofollow'), regions)).toEqual({
    region: 'India',
    link: 'dofollow',
  });
  expect(parseFilters(new URLSearchParams('region=Mars&link=follow'), regions)).toEqual({ region: '', link: '' });
  expect(parseFilters(new URLSearchParams('link=unknown'), regions)).toEqual({ region: '', link: 'unknown' });
});

test('sorting by DA descending puts the highest first and blanks last, keeping ties in list order', () => {
  const das = [50, undefined, 90, 50, undefined, 70];
  const sites = makeSites(6, (index) => ({ da: das[index] }));
  expect(sortSites(sites, { key: 'da', direction: 'desc' }).map((site) => site.id)).toEqual([3, 6, 1, 4, 2, 5]);
  expect(sortSites(sites, { key: 'da', direction: 'asc' }).map((site) => site.id)).toEqual([1, 4, 6, 3, 2, 5]);
});

test('sorting by spam ascending lists the cleanest sites first', () => {
  const spam = [3, 1, undefined, 2];
  const sites = makeSites(4, (index) => ({ spam: spam[index] }));
  expect(sortSites(sites, { key: 'spam', direction: 'asc' }).map((site) => site.id)).toEqual([2, 4, 1, 3]);
  expect(sortSites(sites, null).map((site) => site.id)).toEqual([1, 2, 3, 4]);
});

test('parseSort accepts only the allowed keys and directions', () => {
  expect(parseSort('da-desc', ['da', 'spam'])).toEqual({ key: 'da', direction: 'desc' });
  expect(parseSort('spam-asc', ['da'])).toBeNull();
  expect(parseSort('name-asc', ['da', 'spam'])).toBeNull();
  expect(parseSort(undefined, ['da'])).toBeNull();
});

test('clicking a header sorts DA high-first, spam low-first, then flips direction', () => {
  expect(nextSort(null, 'da')).toEqual({ key: 'da', direction: 'desc' });
  expect(nextSort(null, 'spam')).toEqual({ key: 'spam', direction: 'asc' });
  expect(nextSort({ key: 'da', direction: 'desc' }, 'da')).toEqual({ key: 'da', direction: 'asc' });
  expect(nextSort({ key: 'da', direction: 'desc' }, 'spam')).toEqual({ key: 'spam', direction: 'asc' });
});

test('buildQuery leaves out page 1 and empty search so the first page is the bare path', () => {
  expect(buildQuery({ page: 1 })).toBe('');
  expect(buildQuery({ page: 3 })).toBe('?page=3');
  expect(buildQuery({ page: 2, query: ' used cars ', sort: { key: 'da', direction: 'desc' } })).toBe(
    '?q=used+cars&sort=da-desc&page=2',
  );
  expect(buildQuery({ page: 2, query: 'jobs', region: 'India', link: 'unknown' })).toBe(
    '?q=jobs&region=India&link=unknown&page=2',
  );
});

test('viewSites searches, sorts and pages in one go and counts every match', () => {
  const sites = makeSites(30, (index) => ({
    da: index,
    description: index % 2 === 0 ? 'even classifieds' : 'odd classifieds',
  }));
  const view = viewSites(sites, {
    ...NO_FILTERS,
    query: 'even',
    sort: { key: 'da', direction: 'desc' },
    page: 2,
    pageSize: 5,
  });
  expect(view.total).toBe(15);
  expect(view.pageCount).toBe(3);
  expect(view.rows.map((site) => site.da)).toEqual([18, 16, 14, 12, 10]);
  expect(view.firstNumber).toBe(6);
});

test('an unpaged view shows every row on one page', () => {
  const view = viewSites(makeSites(20), { ...NO_FILTERS, sort: null, page: 1, pageSize: null });
  expect(view.rows).toHaveLength(20);
  expect(view.pageCount).toBe(1);
});

test('the status line says which rows are shown, or that nothing matched', () => {
  const sites = makeSites(68);
  const describe = (filters: Partial<typeof NO_FILTERS>, page = 1) => {
    const state = { ...NO_FILTERS, ...filters };
    return describeView(viewSites(sites, { ...state, sort: null, page, pageSize: 20 }), state);
  };
  expect(describe({}, 2)).toBe('Showing 21–40 of 68 sites.');
  expect(describe({ query: 'Site 68' })).toBe('Showing 1 of 1 site matching “Site 68”.');
  expect(describe({ query: ' zzz ' })).toBe('No sites match “zzz”.');
  expect(describe({ region: 'India', link: 'unknown' }, 2)).toBe(
    'Showing 21–40 of 68 sites (region India, link type not known).',
  );
  expect(describe({ region: 'Global' })).toBe('No sites match the chosen filters (region Global).');
  expect(describe({ query: 'zzz', link: 'dofollow' })).toBe('No sites match “zzz” (dofollow links).');
});
