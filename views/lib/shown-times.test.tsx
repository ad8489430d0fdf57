import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { PostsListPage, type AdminPostItem } from '#views/admin/posts/PostsList.tsx';
import { Island } from '#views/components/Island.tsx';
import { SiteContext, type SiteInfo } from '#views/site-context.ts';
import { SitemapList } from '#views/tools/sitemap-generator/SitemapList.tsx';
import { TimeZoneContext, useTimeZone } from './local-time.ts';

/*
 * Decision 0060: views show times in the profile zone, from the page's site (server) or the zone the
 * island's container carries (browser), and the admin shell's. 20:00 UTC is 1:30 am IST the next day.
 */

const AT = '2026-11-26T20:00:00.000Z';

function site(timeZone?: string): SiteInfo {
  const island = { src: '/i.js', imports: [] };
  const assets = { css: '', shell: '', entry: '/e.js', entryImports: [], islands: { 'x/Zone': island }, images: {} };
  return { business: { timeZone }, assets } as unknown as SiteInfo;
}

const render = (element: ReactElement, timeZone?: string) =>
  renderToStaticMarkup(<SiteContext.Provider value={site(timeZone)}>{element}</SiteContext.Provider>);

function Zone() {
  return <span>{useTimeZone()}</span>;
}

test('the zone: the island container or admin shell first, then the page profile, then Asia/Kolkata', () => {
  expect(render(<Zone />, 'Europe/London')).toBe('<span>Europe/London</span>');
  expect(render(<Zone />)).toBe('<span>Asia/Kolkata</span>');
  expect(renderToStaticMarkup(<Zone />)).toBe('<span>Asia/Kolkata</span>');
  const given = (
    <TimeZoneContext.Provider value="America/New_York">
      <Zone />
    </TimeZoneContext.Provider>
  );
  expect(render(given, 'Europe/London')).toBe('<span>America/New_York</span>');
});

test('an island carries the profile zone to the browser, where client/entry.ts hands it back', () => {
  const html = render(<Island name="x/Zone" component={Zone} props={{}} />, 'Europe/London');
  expect(html).toContain('<div data-island="x/Zone" data-src="/i.js" data-time-zone="Europe/London"><span>');
});

test('the posts list: published, updated and the IndexNow ping in the zone', () => {
  const post: AdminPostItem = {
    id: 'p1',
    title: 'T',
    category: 'seo',
    slug: 't',
    status: 'published',
    live: true,
    publishedAt: Date.parse(AT),
    updatedAt: Date.parse(AT),
    ping: { at: Date.parse(AT), message: '200 accepted' },
  };
  const html = render(<PostsListPage csrf="c" posts={[post]} />);
  expect(html).toContain('<td data-label="Published">27 Nov 2026, 1:30 am IST</td>');
  expect(html).toContain('<td data-label="Last IndexNow ping">27 Nov 2026, 1:30 am IST: 200 accepted</td>');
  expect(html).not.toContain('UTC');
});

test('the sitemap history: the same time on the server and in any browser, in the profile zone', () => {
  const item = { _id: 's', url: 'https://shop.in/', pages: 3, sitemapPath: '/sitemaps/s.xml', createdAt: AT };
  expect(render(<SitemapList loaded items={[item]} />, 'Europe/London')).toContain(
    '<td data-label="Generated">26 Nov 2026, 8:00 pm GMT</td>',
  );
});
