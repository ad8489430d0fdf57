import type { Guide } from '../guide-types.ts';

export const technicalSeoChecklist: Guide = {
  slug: 'technical-seo-checklist',
  title: 'Technical SEO Checklist: Crawling, Indexing and Site Health',
  description:
    'A practical technical SEO checklist: status codes, robots.txt, noindex, canonicals, sitemaps, redirects, mobile pages, structured data and how to check each.',
  keywords: [
    'technical seo checklist',
    'technical seo audit',
    'indexing problems',
    'robots.txt noindex canonical',
    'xml sitemap',
  ],
  heading: 'A technical SEO checklist you can work through in an afternoon',
  summary:
    'Good content cannot rank if search engines cannot fetch, understand and index it. This checklist goes through the technical basics in the order that problems usually hurt, with a way to check each one.',
  published: '2026-11-23',
  reviewed: '2026-11-23',
  sections: [
    {
      id: 'start',
      heading: 'Start with the pages that earn money',
      paragraphs: [
        'List the twenty or so pages that matter most: the home page, each service or category page, the top products and the contact page. Work through this checklist for those first. A technical problem on a page nobody visits can wait; a noindex tag on your main service page cannot.',
        'Google Search Console is the single most useful source here. Verify your site there if you have not, and keep the Pages (indexing) report, the Sitemaps report and the URL Inspection tool at hand.',
      ],
    },
    {
      id: 'status',
      heading: '1. Every important page answers 200',
      paragraphs: [
        'A page that should rank must answer with HTTP status 200. A 404 or 410 tells search engines it is gone; a 5xx error, repeated over days, makes them crawl less and eventually drop the page. Old URLs that moved should answer 301 to their new address in a single hop.',
        'Watch for "soft 404s": pages that answer 200 but show an empty search result, an out-of-stock message with no content, or a generic error. Search Console lists the ones Google has noticed.',
      ],
    },
    {
      id: 'robots',
      heading: '2. robots.txt does not block what should rank',
      paragraphs: [
        'robots.txt controls crawling, not indexing. A blocked URL can still appear in results without a description if other sites link to it, and Google cannot see a noindex tag on a page it is not allowed to fetch. Use robots.txt to keep crawlers out of endless filter combinations, internal search results and admin areas, and never to hide a page you want removed from the index.',
        'A single line such as "Disallow: /" left over from a staging site blocks everything. Check the live file at /robots.txt after every launch or redesign.',
      ],
    },
    {
      id: 'noindex',
      heading: '3. No stray noindex, and canonicals that point home',
      paragraphs: [
        'A meta robots noindex tag, or an X-Robots-Tag header, removes a page from results. Plugins and theme settings sometimes add it site-wide, especially after a site is copied from staging. The canonical link should point at the page itself (or at the one version you want indexed when several URLs show the same content). A canonical pointing at the home page, at a redirecting URL or at an http:// address is a frequent cause of pages not being indexed.',
      ],
    },
    {
      id: 'sitemap',
      heading: '4. A clean XML sitemap',
      paragraphs: [
        'The sitemap should list only canonical, indexable URLs that answer 200: no redirects, no noindex pages, no duplicates with tracking parameters. One sitemap file may hold up to 50,000 URLs and 50 MB uncompressed; larger sites split it and list the parts in a sitemap index. Submit it in Search Console and reference it from robots.txt with a Sitemap: line.',
      ],
    },
    {
      id: 'links',
      heading: '5. Internal links reach every page',
      paragraphs: [
        'Search engines find pages mostly by following links. A page reachable only through a search box or a JavaScript menu that does not render links may never be crawled. Link important pages from the main navigation or from relevant pages with descriptive anchor text, and fix internal links that point at redirects or 404s.',
      ],
    },
    {
      id: 'mobile',
      heading: '6. The mobile page is the real page',
      paragraphs: [
        'Google indexes the mobile version of a site. Content, structured data and internal links that exist only on the desktop version may as well not exist. Check that the mobile page has the same main content, that text is readable without zooming, that buttons are not crammed together, and that nothing covers the content on load. Test on a modest Android phone on mobile data, which is how much of India browses.',
      ],
    },
    {
      id: 'speed',
      heading: '7. Speed and stability',
      paragraphs: [
        'Core Web Vitals measure loading (Largest Contentful Paint), responsiveness (Interaction to Next Paint) and visual stability (Cumulative Layout Shift). Heavy images, large JavaScript bundles and late-loading banners are the usual culprits. Our Core Web Vitals guide goes through them one by one.',
      ],
    },
    {
      id: 'structured-data',
      heading: '8. Structured data that matches the page',
      paragraphs: [
        'Structured data (JSON-LD) helps search engines understand a page and can make it eligible for rich results: LocalBusiness for your address and hours, Product with price and availability, Article with dates and author, BreadcrumbList for the path. Mark up only what is visible on the page, keep it valid, and do not expect it to fix a page that is not indexed in the first place.',
      ],
    },
    {
      id: 'routine',
      heading: 'A monthly routine',
      paragraphs: ['Technical health drifts as plugins update and pages are added. Once a month:'],
      list: {
        ordered: true,
        items: [
          'Open the Search Console Pages report and read the reasons pages are not indexed; fix the ones that affect pages you care about.',
          'Check the important pages for status, robots, noindex and canonical.',
          'Run your redirects list through a redirect checker and shorten any chains.',
          'Regenerate or verify the sitemap after adding or removing sections.',
          'Audit one key template (home, service, product) for titles, headings and speed.',
        ],
      },
    },
  ],
  tools: [
    {
      href: '/google-index-checker',
      label: 'Google Index Checker',
      why: 'status, robots.txt, noindex and canonical for a list of URLs at once',
    },
    {
      href: '/bulk-url-redirection-tool',
      label: 'Bulk URL Redirect Checker',
      why: 'every hop of every redirect, so chains and loops stand out',
    },
    {
      href: '/sitemap-tool',
      label: 'Sitemap Generator',
      why: 'crawl your site and build an XML sitemap of indexable pages',
    },
    { href: '/seo-audit', label: 'Free SEO Audit', why: 'titles, descriptions, headings and speed for one page' },
    {
      href: '/mobile-friendly-tester-tool',
      label: 'Mobile-Friendly Tester',
      why: 'viewport, font sizes and tap targets on a phone-sized screen',
    },
    {
      href: '/canonical-tag-generator',
      label: 'Canonical Tag Generator',
      why: 'a correct canonical link element for a URL',
    },
  ],
  related: ['core-web-vitals', 'site-migration-redirects'],
};
