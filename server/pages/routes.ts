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
import { seoGuidesPage } from '#views/pages/seo-guides/Page.tsx';
import { postPages } from '#views/pages/posts/PostPage.tsx';
import { seoOptimizedPagePage } from '#views/pages/seo-optimized-page/Page.tsx';
import { seoPackagesPage } from '#views/pages/seo-packages/Page.tsx';
import { delhiPage } from '#views/pages/seo-services-delhi/Page.tsx';
import { laxmiNagarPage } from '#views/pages/seo-services-laxmi-nagar/Page.tsx';
import { noidaPage } from '#views/pages/seo-services-noida/Page.tsx';
import { rohiniPage } from '#views/pages/seo-services-rohini/Page.tsx';
import { sitemapViewerPage } from '#views/pages/sitemap-viewer/Page.tsx';
import { termsAndConditionsPage } from '#views/pages/terms-and-conditions/Page.tsx';
import { writeForUsPage } from '#views/pages/write-for-us/Page.tsx';
import { monitorConfirmPage } from '#views/pages/monitoring/ConfirmPage.tsx';
import { monitorManagePage } from '#views/pages/monitoring/ManagePage.tsx';
import { monitorUnsubscribePage } from '#views/pages/monitoring/UnsubscribePage.tsx';
import type { NavData, NavEntry, NavGroup, NavLink } from '#views/site-context.ts';
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
import { logFilesPage } from '#views/tools/log-files/Page.tsx';
import { logFilesReportPage } from '#views/tools/log-files/ReportPage.tsx';
import { toolsHubPage } from '#views/tools/tools-hub/Page.tsx';
import { featuredFirst, HUB_PATH, TOOLS, toolsByGroup } from '#views/model/tools-hub.ts';
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
  digitalMarketingPage,
  careerGuidancePage,
  googleCoreUpdatesPage,
  // Posts (issue 27): /<category>/<slug>, from the database.
  ...postPages,
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
  // Site monitoring (issue 25): private pages reached from its mails.
  monitorConfirmPage,
  monitorUnsubscribePage,
  monitorManagePage,
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
  // Server log analysis (issue 36): the tool, and each log's private results.
  logFilesPage,
  logFilesReportPage,
];

const localities = [
  '/seo-services-delhi',
  '/seo-services-rohini',
  '/seo-services-noida',
  '/seo-services-laxmi-nagar',
  '/seo-company-janakpuri',
];

/**
 * Header and footer (issue 13, superseding spec 2.1's header): the pages that win business at the
 * top level, every tool in the grouped Free tools menu (from the tool list), legal pages, guides
 * and the link-building lists in the footer. Labels come from the route table.
 */
type HeaderSpec = { menu: string; paths?: string[]; tools?: true } | { label: string; path: string };

const navSpec: {
  header: HeaderSpec[];
  cta: { label: string; path: string };
  footer: Array<{ label: string; paths: string[]; featuredTools?: true }>;
} = {
  header: [
    { menu: 'Services', paths: localities },
    { label: 'Pricing', path: '/seo-packages' },
    { label: 'Results', path: '/case-studies' },
    { menu: 'Free tools', tools: true },
    { label: 'About', path: '/about' },
  ],
  cta: { label: 'Get a proposal', path: '/contact-me' },
  footer: [
    { label: 'SEO services', paths: [...localities, '/seo-packages', '/case-studies'] },
    { label: 'Free tools', paths: [HUB_PATH], featuredTools: true },
    {
      label: 'Guides',
      paths: ['/seo-guides', '/digital-marketing', '/career-guidance', '/google-core-updates', '/seo-optimized-page'],
    },
    {
      label: 'Link-building lists',
      paths: [
        '/ad-post-sites',
        '/social-bookmarking-sites',
        '/guest-post-sites',
        '/article-submission-sites',
        '/directory-submission-sites',
        '/image-submission-sites',
        '/video-submission-sites',
      ],
    },
    {
      label: 'Company',
      paths: [
        '/about',
        '/contact-me',
        '/write-for-us',
        '/sitemap',
        '/privacy-policy',
        '/disclaimer',
        '/terms-and-conditions',
      ],
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
  const tools = TOOLS.filter((tool) => byPath.has(tool.path));
  const toolGroups: NavGroup[] = toolsByGroup(tools).map((group) => ({
    label: group.label,
    links: links(group.tools.map((tool) => tool.path)),
  }));
  const hub = links([HUB_PATH])[0];
  const header = navSpec.header.flatMap((entry): NavEntry[] => {
    if ('path' in entry) return byPath.has(entry.path) ? [{ label: entry.label, href: entry.path }] : [];
    const groups = entry.tools ? toolGroups : [{ label: entry.menu, links: links(entry.paths ?? []) }];
    const all = entry.tools && hub ? { href: hub.href, label: 'All free tools' } : undefined;
    return groups.some((group) => group.links.length) ? [{ label: entry.menu, groups, all }] : [];
  });
  const footer = navSpec.footer
    .map((group) => ({
      label: group.label,
      links: links([
        ...group.paths,
        ...(group.featuredTools
          ? featuredFirst(tools)
              .filter((tool) => tool.featured !== undefined)
              .map((tool) => tool.path)
          : []),
      ]),
    }))
    .filter((group) => group.links.length > 0);
  const cta = byPath.has(navSpec.cta.path) ? { label: navSpec.cta.label, href: navSpec.cta.path } : null;
  return { header, cta, footer, paths: table.filter((page) => !page.path.includes(':')).map((page) => page.path) };
}

/** Every link the header (menus, top-level links, call to action) and the footer carry. */
export function navLinks(nav: NavData): { header: NavLink[]; footer: NavLink[] } {
  const header = nav.header.flatMap((entry) =>
    'href' in entry ? [entry] : [...entry.groups.flatMap((group) => group.links), ...(entry.all ? [entry.all] : [])],
  );
  return { header: [...header, ...(nav.cta ? [nav.cta] : [])], footer: nav.footer.flatMap((group) => group.links) };
}

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
