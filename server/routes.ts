import type { RouteObject } from 'react-router';
import { directoryPages } from '#views/directories/DirectoryPage.tsx';
import { RootErrorBoundary, RootLayout } from '#views/layout/Root.tsx';
import type { PageDef } from '#views/page.ts';
import { homePage } from '#views/pages/home/Page.tsx';
import { aboutPage } from '#views/pages/about/Page.tsx';
import { careerGuidancePage } from '#views/pages/career-guidance/Page.tsx';
import { caseStudiesPage } from '#views/pages/case-studies/Page.tsx';
import { contactPage } from '#views/pages/contact/Page.tsx';
import { digitalMarketingPage } from '#views/pages/digital-marketing/Page.tsx';
import { disclaimerPage } from '#views/pages/disclaimer/Page.tsx';
import { googleCoreUpdatesPage } from '#views/pages/google-core-updates/Page.tsx';
import { privacyPolicyPage } from '#views/pages/privacy-policy/Page.tsx';
import { janakpuriPage } from '#views/pages/seo-company-janakpuri/Page.tsx';
import { guidePages } from '#views/pages/seo-guides/GuidePage.tsx';
import { seoGuidesPage } from '#views/pages/seo-guides/Page.tsx';
import { seoOptimizedPagePage } from '#views/pages/seo-optimized-page/Page.tsx';
import { seoPackagesPage } from '#views/pages/seo-packages/Page.tsx';
import { delhiPage } from '#views/pages/seo-services-delhi/Page.tsx';
import { laxmiNagarPage } from '#views/pages/seo-services-laxmi-nagar/Page.tsx';
import { noidaPage } from '#views/pages/seo-services-noida/Page.tsx';
import { rohiniPage } from '#views/pages/seo-services-rohini/Page.tsx';
import { sitemapViewerPage } from '#views/pages/sitemap-viewer/Page.tsx';
import { termsAndConditionsPage } from '#views/pages/terms-and-conditions/Page.tsx';
import { writeForUsPage } from '#views/pages/write-for-us/Page.tsx';
import type { NavData, NavGroup, NavLink } from '#views/site-context.ts';
import { aboutUsGeneratorPage } from '#views/tools/about-us-page-generator/Page.tsx';
import { backlinkGeneratorPage } from '#views/tools/backlink-generator/Page.tsx';
import { anchorTextGeneratorPage } from '#views/tools/anchor-text-generator/Page.tsx';
import { redirectCheckerPage } from '#views/tools/redirect-checker/Page.tsx';
import { canonicalTagGeneratorPage } from '#views/tools/canonical-tag-generator/Page.tsx';
import { commaSeparatorPage } from '#views/tools/comma-separator/Page.tsx';
import { indexCheckerPage } from '#views/tools/index-checker/Page.tsx';
import { imageCompressorPage } from '#views/tools/image-compressor/Page.tsx';
import { mobileTestPage } from '#views/tools/mobile-test/Page.tsx';
import { seoAuditPage } from '#views/tools/seo-audit/Page.tsx';
import { siteAuditPage } from '#views/tools/site-audit/Page.tsx';
import { siteAuditReportPage } from '#views/tools/site-audit/ReportPage.tsx';
import { sitemapGeneratorPage } from '#views/tools/sitemap-generator/Page.tsx';
import { toolsHubPage } from '#views/tools/tools-hub/Page.tsx';
import { domainExtractorPage } from '#views/tools/domain-extractor/Page.tsx';
import { instagramReelDownloaderPage } from '#views/tools/video-downloader/InstagramPage.tsx';
import { pinterestDownloaderPage } from '#views/tools/video-downloader/PinterestPage.tsx';
import { youtubeShortsDownloaderPage } from '#views/tools/video-downloader/ShortsPage.tsx';
import { viralPromptsPage } from '#views/tools/viral-prompts/Page.tsx';
import { whatsAppChatLinkPage } from '#views/tools/whatsapp-chat-link/Page.tsx';
import { youtubeTagsExtractorPage } from '#views/tools/youtube-tags/ExtractorPage.tsx';
import { youtubeTagGeneratorPage } from '#views/tools/youtube-tags/GeneratorPage.tsx';
import { youtubeTranscriptPage } from '#views/tools/youtube-transcript/Page.tsx';

/**
 * The route table: every page of the site, once. It drives the router, <head>, the menus, the
 * alias redirects, /sitemap.xml and the route smoke test. Add a page here and it exists everywhere.
 */
/** Content pages (issue 3): services, localities, categories, legal, contact and forms. */
const contentPages: PageDef[] = [
  aboutPage,
  delhiPage,
  rohiniPage,
  noidaPage,
  laxmiNagarPage,
  janakpuriPage,
  seoGuidesPage,
  ...guidePages,
  digitalMarketingPage,
  careerGuidancePage,
  googleCoreUpdatesPage,
  seoOptimizedPagePage,
  seoPackagesPage,
  caseStudiesPage,
  contactPage,
  disclaimerPage,
  termsAndConditionsPage,
  privacyPolicyPage,
  writeForUsPage,
  sitemapViewerPage,
];

export const pages: PageDef[] = [
  homePage,
  ...contentPages,
  commaSeparatorPage,
  sitemapGeneratorPage,
  siteAuditPage,
  siteAuditReportPage,
  imageCompressorPage,
  youtubeTranscriptPage,
  youtubeTagGeneratorPage,
  youtubeTagsExtractorPage,
  pinterestDownloaderPage,
  instagramReelDownloaderPage,
  youtubeShortsDownloaderPage,
  toolsHubPage,
  anchorTextGeneratorPage,
  backlinkGeneratorPage,
  aboutUsGeneratorPage,
  whatsAppChatLinkPage,
  domainExtractorPage,
  canonicalTagGeneratorPage,
  viralPromptsPage,
  ...directoryPages,
  seoAuditPage,
  redirectCheckerPage,
  indexCheckerPage,
  mobileTestPage,
];

/** Header and footer layout (spec 2.1): groups of canonical paths; labels come from the table. */
const navSpec = {
  groups: [
    { label: 'SEO Services', paths: ['/seo-services-delhi', '/seo-services-rohini', '/seo-services-noida', '/seo-services-laxmi-nagar', '/seo-company-janakpuri'] },
    { label: 'Free SEO Audit', paths: ['/seo-audit'] },
    { label: 'Categories', paths: ['/seo-guides', '/digital-marketing', '/career-guidance', '/google-core-updates'] },
    {
      label: 'Resources',
      paths: [
        '/try-free-tools', '/bulk-url-redirection-tool', '/google-index-checker', '/youtube-transcript-tool',
        '/bulk-anchor-text-generators', '/youtube-tag-generator', '/whatsapp-chat-link', '/comma-separator-tool',
        '/youtube-video-tags-extractor', '/url-domain-extractor', '/backlink-generator-tool', '/image-compressor',
        '/about-us-page-generator', '/mobile-friendly-tester-tool', '/canonical-tag-generator', '/site-audit',
      ],
    },
    { label: 'Quick Links', paths: ['/', '/contact-me', '/disclaimer', '/terms-and-conditions', '/write-for-us', '/sitemap'] },
    { label: 'Video Downloader', paths: ['/YouTubeShortsDownloader', '/InstagramReelDownloader', '/PinterestDownloader'] },
  ],
  top: ['/viral-prompts', '/sitemap-tool'],
  footerExtras: { 'Quick Links': ['/privacy-policy'] } as Record<string, string[]>,
  footerOnly: [
    {
      label: 'Ad Post Sites',
      paths: ['/ad-post-sites', '/social-bookmarking-sites', '/guest-post-sites', '/article-submission-sites', '/directory-submission-sites', '/image-submission-sites', '/video-submission-sites'],
    },
  ],
};

export function buildNav(table: PageDef[] = pages): NavData {
  const byPath = new Map(table.map((page) => [page.path, page]));
  // Only pages that exist are linked, so a menu can never point at a 404.
  const links = (paths: string[]): NavLink[] =>
    paths.flatMap((path) => {
      const page = byPath.get(path);
      return page ? [{ href: path, label: page.navLabel }] : [];
    });
  const group = (label: string, paths: string[]): NavGroup => ({ label, links: links(paths) });
  const groups = navSpec.groups.map((g) => group(g.label, g.paths)).filter((g) => g.links.length > 0);
  const top = links(navSpec.top);
  const footer = [
    ...navSpec.groups.map((g) => group(g.label, [...g.paths, ...(navSpec.footerExtras[g.label] ?? [])])),
    ...navSpec.footerOnly.map((g) => group(g.label, g.paths)),
    ...(top.length ? [{ label: 'More Tools', links: top }] : []),
  ].filter((g) => g.links.length > 0);
  return { groups, top, footer };
}

/** Alias → canonical path, from each page's `aliases`. Exact-case keys. */
export function buildRedirects(table: PageDef[] = pages): Map<string, string> {
  const redirects = new Map<string, string>();
  const canonical = new Set(table.map((page) => page.path));
  for (const page of table) {
    for (const alias of page.aliases ?? []) {
      if (canonical.has(alias)) throw new Error(`Alias ${alias} is also a canonical path`);
      if (redirects.has(alias)) throw new Error(`Alias ${alias} is declared twice`);
      redirects.set(alias, page.path);
    }
  }
  return redirects;
}

export function buildRouteObjects(table: PageDef[] = pages): RouteObject[] {
  const seen = new Set<string>();
  for (const page of table) {
    if (seen.has(page.path)) throw new Error(`Duplicate route ${page.path}`);
    seen.add(page.path);
  }
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: table.map((page) =>
        page.path === '/'
          ? { index: true, Component: page.Component, loader: page.loader, handle: page }
          : { path: page.path, caseSensitive: true, Component: page.Component, loader: page.loader, handle: page },
      ),
    },
  ];
}
