import type { Guide } from '../guide-types.ts';

export const siteMigration: Guide = {
  slug: 'site-migration-redirects',
  title: 'Site Migrations and Redirects: Move a Website Without Losing SEO',
  description:
    'Plan a domain change, redesign or platform move without losing search traffic: redirect maps, 301s, Search Console steps, what to check on launch day and after.',
  keywords: ['site migration seo', '301 redirects', 'domain change seo', 'website redesign seo', 'redirect chains'],
  heading: 'Site migrations and redirects: moving a website without losing search traffic',
  summary:
    'A new domain, a redesign, a move from one platform to another or a switch to HTTPS changes the addresses search engines know. Done carefully, rankings recover within weeks; done carelessly, a business can lose much of its search traffic for months.',
  published: '2026-11-23',
  reviewed: '2026-11-23',
  sections: [
    {
      id: 'kinds',
      heading: 'Know what kind of move you are making',
      paragraphs: [
        'Moves differ in risk. Changing only the design while every URL stays the same is the safest. Moving to HTTPS or to a new domain with the same paths is manageable with clean redirects. Changing the URL structure, merging sites, or moving platform (for example from a custom PHP site to WordPress or Shopify) changes many things at once and needs the most care. Avoid combining a domain change, a redesign and new content in a single launch if you can stage them: when traffic drops, you will not know which change caused it.',
      ],
    },
    {
      id: 'inventory',
      heading: 'Step 1: list every URL that matters',
      paragraphs: [
        "Build a complete list of current URLs from several sources, because none is complete on its own: a crawl of the site, the XML sitemap, Search Console's Performance report (pages with clicks or impressions) and Links report (pages other sites link to), and your analytics landing pages for the last year. Pages with traffic or external links are the ones whose value you must carry over.",
      ],
    },
    {
      id: 'map',
      heading: 'Step 2: a one-to-one redirect map',
      paragraphs: [
        'For every old URL, write the single most relevant new URL. Product to the same product, category to the same category, article to the same article. Redirecting everything to the home page throws away relevance: Google tends to treat such redirects like soft 404s. Where a page has no equivalent, redirect to the closest parent page or let it answer 410 if it is truly gone.',
        'Use permanent redirects (301 or 308) for a permanent move. A 302 or 307 says the move is temporary. Point each old URL straight at its final address: chains of several hops slow crawlers and visitors, and a loop breaks the page entirely.',
      ],
    },
    {
      id: 'staging',
      heading: 'Step 3: test before launch',
      paragraphs: [
        'Keep the staging site out of search engines with password protection rather than only robots.txt, and make sure that protection, any noindex tag and any "Disallow: /" do not travel to the live site. Before launch, test the redirect map against staging: every old URL should reach its new URL in one hop with status 200 at the end.',
      ],
      list: {
        items: [
          'Titles, meta descriptions, headings and main content carried over for pages that rank.',
          'Canonical tags pointing at the new URLs, not the old domain or staging.',
          'Internal links updated to the new URLs, not relying on redirects.',
          'hreflang, structured data and the XML sitemap using new URLs.',
          'Analytics and conversion tracking installed on the new templates.',
        ],
      },
    },
    {
      id: 'launch',
      heading: 'Step 4: launch day',
      paragraphs: [
        'Switch on the redirects at the same moment the new site goes live. Verify the new domain or property in Search Console, submit the new XML sitemap, and for a domain change use the Change of Address tool in the old property. Keep the old sitemap available for a while as well, so that search engines find and follow the redirects sooner. Run the redirect map against the live site and fix any URL that does not reach its target in one hop.',
      ],
    },
    {
      id: 'after',
      heading: 'Step 5: the weeks after',
      paragraphs: [
        'Some ranking movement during the first weeks is normal while search engines recrawl. Watch Search Console daily at first: the Pages report for new 404s and "Page with redirect" counts, the Performance report for the most important queries, and the crawl stats. Fix 404s that receive traffic or links with new redirects. Compare traffic with the same weeks before the move, allowing for seasonality such as festivals or exam periods.',
        "Keep the redirects in place for as long as you can; Google's own guidance for site moves is at least a year, and links from other sites to your old URLs will keep arriving for much longer. Renew the old domain rather than letting it lapse, or someone else may buy it and its links.",
      ],
    },
    {
      id: 'https',
      heading: 'Moving to HTTPS',
      paragraphs: [
        'Moving from http:// to https:// is the most common move and the simplest: redirect every http URL to the same https URL with a 301, update internal links and canonicals, fix mixed-content warnings for images and scripts still loaded over http, and add the https property in Search Console. Once everything works, an HSTS header tells browsers to use HTTPS directly.',
      ],
    },
  ],
  tools: [
    {
      href: '/bulk-url-redirection-tool',
      label: 'Bulk URL Redirect Checker',
      why: 'run your whole redirect map and see every hop, status and final URL',
    },
    {
      href: '/google-index-checker',
      label: 'Google Index Checker',
      why: 'confirm the new URLs answer 200 and carry no stray noindex or wrong canonical',
    },
    {
      href: '/sitemap-tool',
      label: 'Sitemap Generator',
      why: 'build the new XML sitemap from a crawl of the new site',
    },
    {
      href: '/url-domain-extractor',
      label: 'URL Domain Extractor',
      why: 'spot links in a URL list that still point at the old domain',
    },
    {
      href: '/canonical-tag-generator',
      label: 'Canonical Tag Generator',
      why: 'write canonical tags for the new addresses',
    },
  ],
  related: ['technical-seo-checklist', 'core-web-vitals'],
};
