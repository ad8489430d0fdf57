import type { PageMeta } from '#views/pages/shared/content-types.ts';

export const meta: PageMeta = {
  title: 'Sitemap | Every Page on This Site in One XML File',
  description:
    'The XML sitemap of this site: every service page, guide, free SEO tool and directory we publish, as search engines see it, with a link to the raw file.',
  keywords: ['sitemap', 'xml sitemap', 'site map'],
};

export const heading = 'Sitemap';

export const intro =
  'This is the same XML sitemap we give search engines. It lists every page we want indexed; the raw file is at /sitemap.xml.';

export const viewerCopy = {
  loading: 'Loading sitemap...',
  errorPrefix: 'Error loading sitemap: ',
  fetchFailed: 'Failed to fetch sitemap',
  rawLink: 'Open the raw sitemap file',
};
