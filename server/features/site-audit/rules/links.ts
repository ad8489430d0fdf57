import {
  describeStatus,
  isError,
  listDetail,
  nodeRule,
  pageRule,
  pages,
  type Rule,
  siteRule,
  urls,
} from './context.ts';
import { MAX_LINKS_PER_PAGE } from '#server/lib/page-facts/facts.ts';
import { DEEP_PAGE_CLICKS, LARGE_IMAGE_BYTES, MAX_LINKS } from '../thresholds.ts';
import { sizeText } from '#views/model/counted-size.ts';

/** The orphan rule's detail (the store's analysis words it the same, store-analysis/graph.ts). */
export const ORPHAN_DETAIL = 'in the sitemap, linked from no crawled page';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The img-large rule's detail (the store's analysis words it the same, store-analysis/images.ts). */
export const largeImageDetail = (bytes: number, pages: number) =>
  `${sizeText(bytes)}, shown on ${plural(pages, 'page')}`;

/** Links, images, crawl depth and the security of what pages load. */
export const linkRules: Record<string, Rule> = {
  'img-alt-missing': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.imagesNoAlt > 0)
      .map((n) => ({ url: n.url, detail: `${plural(n.page.imagesNoAlt, 'image')} without alt` })),
  ),
  'img-dimensions-missing': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.imagesNoSize > 0)
      .map((n) => ({ url: n.url, detail: `${plural(n.page.imagesNoSize, 'image')} without width and height` })),
  ),
  'img-broken': pageRule((c) =>
    pages(c).flatMap((n) => {
      const broken = n.page.images.map((id) => c.nodes[id]).filter(isError);
      return broken.length
        ? [{ url: n.url, detail: `shows ${listDetail(broken.map((img) => `${img.url} (${describeStatus(img)})`))}` }]
        : [];
    }),
  ),
  'img-large': siteRule((c) => {
    const shownOn = new Map<number, number>();
    for (const n of pages(c)) for (const id of n.page.images) shownOn.set(id, (shownOn.get(id) ?? 0) + 1);
    return [...shownOn]
      .map(([id, count]) => ({ node: c.nodes[id], count }))
      .filter(({ node }) => node.status === 200 && node.page === null && node.bytes > LARGE_IMAGE_BYTES)
      .map(({ node, count }) => ({ url: node.url, detail: largeImageDetail(node.bytes, count) }));
  }),
  'internal-nofollow': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.nofollowLinks.length > 0)
      .map((n) => ({
        url: n.url,
        detail: `nofollow links to ${listDetail(n.page.nofollowLinks.map((id) => c.nodes[id].url))}`,
      })),
  ),
  'links-anchor-empty': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.emptyAnchors > 0)
      .map((n) => ({ url: n.url, detail: `${plural(n.page.emptyAnchors, 'internal link')} without text` })),
  ),
  'links-too-many': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.uniqueLinks > MAX_LINKS || n.page.linksOverCap > 0)
      .map((n) => ({
        url: n.url,
        detail: `${n.page.uniqueLinks} different link targets${n.page.linksOverCap > 0 ? `; ${plural(n.page.linksOverCap, 'more link')} past the ${MAX_LINKS_PER_PAGE} read per page` : ''}`,
      })),
  ),
  'page-no-links': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.uniqueLinks === 0)
      .map((n) => ({ url: n.url, detail: 'no links' })),
  ),
  'page-nofollow': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.nofollow)
      .map((n) => ({ url: n.url, detail: 'robots directives say nofollow' })),
  ),
  // Linked from a crawled page: `inlinks` counts every page's links to it (decision 0059).
  'blocked-by-robots': nodeRule((c) =>
    urls(c)
      .filter((n) => n.skipped === 'robots' && c.inlinks[n.id] > 0)
      .map((n) => ({ url: n.url, detail: 'disallowed by robots.txt' })),
  ),
  'deep-page': pageRule((c) =>
    pages(c)
      .filter((n) => c.depth[n.id] >= DEEP_PAGE_CLICKS)
      .map((n) => ({ url: n.url, detail: `${c.depth[n.id]} clicks from the start URL` })),
  ),
  // A listed URL that answers an error or redirects is not a page: its own rule reports it.
  orphan: nodeRule((c) =>
    urls(c)
      .filter((n) => n.inSitemap && !n.start && n.status >= 200 && n.status < 300 && c.inlinks[n.id] === 0)
      .map((n) => ({ url: n.url, detail: ORPHAN_DETAIL })),
  ),
  'mixed-content': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.insecureResources > 0)
      .map((n) => ({ url: n.url, detail: `${plural(n.page.insecureResources, 'resource')} over http://` })),
  ),
  'https-links-to-http': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.httpLinks > 0)
      .map((n) => ({ url: n.url, detail: `${plural(n.page.httpLinks, 'internal link')} over http://` })),
  ),
  'insecure-form': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.insecureForms > 0)
      .map((n) => ({ url: n.url, detail: `${plural(n.page.insecureForms, 'form')} posting to http://` })),
  ),
};
