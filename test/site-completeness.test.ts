import request from 'supertest';
import { expect, test } from 'vitest';
import { buildNav, navLinks, pages } from '#server/pages/routes.ts';
import { TOOLS } from '#views/model/tools-hub.ts';
import { createTestApp } from '#test/helpers/app.ts';

// Spec 2.2: the canonical route table, every one a real page.
const specRoutes = [
  '/',
  '/about',
  '/sitemap-tool',
  '/seo-services-delhi',
  '/seo-services-rohini',
  '/seo-services-noida',
  '/seo-services-laxmi-nagar',
  '/seo-company-janakpuri',
  '/seo-guides',
  '/digital-marketing',
  '/career-guidance',
  '/google-core-updates',
  '/try-free-tools',
  '/bulk-url-redirection-tool',
  '/google-index-checker',
  '/youtube-transcript-tool',
  '/bulk-anchor-text-generators',
  '/youtube-tag-generator',
  '/whatsapp-chat-link',
  '/comma-separator-tool',
  '/youtube-video-tags-extractor',
  '/url-domain-extractor',
  '/backlink-generator-tool',
  '/image-compressor',
  '/about-us-page-generator',
  '/mobile-friendly-tester-tool',
  '/canonical-tag-generator',
  '/contact-me',
  '/disclaimer',
  '/terms-and-conditions',
  '/write-for-us',
  '/sitemap',
  '/privacy-policy',
  '/ad-post-sites',
  '/social-bookmarking-sites',
  '/guest-post-sites',
  '/article-submission-sites',
  '/directory-submission-sites',
  '/image-submission-sites',
  '/video-submission-sites',
  '/InstagramReelDownloader',
  '/YouTubeShortsDownloader',
  '/PinterestDownloader',
  '/seo-audit',
  '/seo-optimized-page',
  '/viral-prompts',
  // decisions.md: these become real pages.
  '/seo-packages',
  '/case-studies',
];

// decisions.md "Every link resolves": old spellings answer 301 to their canonical page.
const aliases: Record<string, string> = {
  '/BulkUrlRedirectionTool': '/bulk-url-redirection-tool',
  '/GoogleIndexChecker': '/google-index-checker',
  '/YouTubeTranscriptTool': '/youtube-transcript-tool',
  '/BulkAnchorTextGenerators': '/bulk-anchor-text-generators',
  '/YouTubeTagGenerator': '/youtube-tag-generator',
  '/WhatsAppChatLink': '/whatsapp-chat-link',
  '/CommaSeparatorTool': '/comma-separator-tool',
  '/YouTubeVideoTagsExtractor': '/youtube-video-tags-extractor',
  '/UrlDomainExtractor': '/url-domain-extractor',
  '/BacklinkGeneratorTool': '/backlink-generator-tool',
  '/ImageCompressor': '/image-compressor',
  '/AboutUsPageGenerator': '/about-us-page-generator',
  '/MobileFriendlyTesterTool': '/mobile-friendly-tester-tool',
  '/CanonicalTagGenerator': '/canonical-tag-generator',
  '/SeoAudit': '/seo-audit',
  '/TryFreeTools': '/try-free-tools',
  '/free-seo-tools': '/try-free-tools',
  '/Contact': '/contact-me',
  '/contact': '/contact-me',
  '/free-seo-audit': '/seo-audit',
  '/bulk-anchor-text-generator': '/bulk-anchor-text-generators',
  '/whatsapp-chat-link-generator': '/whatsapp-chat-link',
  '/youtube-tags-extractor': '/youtube-video-tags-extractor',
  '/mobile-friendly-tester': '/mobile-friendly-tester-tool',
  '/local-seo-delhi': '/seo-services-delhi',
  '/local-seo-rohini': '/seo-services-rohini',
  '/local-seo-noida': '/seo-services-noida',
  '/local-seo-laxmi-nagar': '/seo-services-laxmi-nagar',
  '/local-seo-janakpuri': '/seo-company-janakpuri',
};

test('every route of spec 2.2 (and the pages decisions.md adds) is in the route table', () => {
  const paths = new Set(pages.map((page) => page.path));
  expect(specRoutes.filter((path) => !paths.has(path))).toEqual([]);
});

test('every old spelling answers 301 to its canonical page', async () => {
  const { app } = await createTestApp();
  for (const [alias, target] of Object.entries(aliases)) {
    const res = await request(app).get(alias);
    expect(`${alias} ${res.status} ${res.headers.location}`).toBe(`${alias} 301 ${target}`);
  }
});

// Issue 13 supersedes spec 2.1's header: the pages that win business at the top level, the tools
// grouped by job, legal pages, guides and the link-building lists in the footer.
test('the header: Services, Pricing, Results, Free tools, About and a call to action to the contact page', () => {
  const nav = buildNav();
  const shape = nav.header.map((entry) =>
    'href' in entry ? [entry.label, entry.href] : [entry.label, entry.groups.map((group) => group.label)],
  );
  expect(shape).toEqual([
    ['Services', ['Services']],
    ['Pricing', '/seo-packages'],
    ['Results', '/case-studies'],
    ['Free tools', ['Analyse', 'Crawl', 'Generate', 'Media']],
    ['About', '/about'],
  ]);
  const services = nav.header[0]!;
  expect('groups' in services && services.groups[0]!.links.map((link) => link.href)).toEqual([
    '/seo-services-delhi',
    '/seo-services-rohini',
    '/seo-services-noida',
    '/seo-services-laxmi-nagar',
    '/seo-company-janakpuri',
  ]);
  expect(nav.cta).toEqual({ label: 'Get a proposal', href: '/contact-me' });
});

test('the Free tools menu lists every tool whose page exists, by job, featured first, and links the hub', () => {
  const nav = buildNav();
  const menu = nav.header.find((entry) => entry.label === 'Free tools');
  if (!menu || !('groups' in menu)) throw new Error('no Free tools menu');
  const existing = new Set(pages.map((page) => page.path));
  const listed = menu.groups.flatMap((group) => group.links.map((link) => link.href));
  expect([...listed].sort()).toEqual(
    TOOLS.filter((tool) => existing.has(tool.path))
      .map((tool) => tool.path)
      .sort(),
  );
  expect(menu.all).toEqual({ label: 'All free tools', href: '/try-free-tools' });
  for (const group of menu.groups) {
    const ranks = group.links.map((link) => TOOLS.find((tool) => tool.path === link.href)!.featured ?? Infinity);
    expect(ranks, group.label).toEqual([...ranks].sort((a, b) => a - b));
  }
  // The downloaders live here, not at the top level.
  for (const path of ['/YouTubeShortsDownloader', '/InstagramReelDownloader', '/PinterestDownloader'])
    expect(listed).toContain(path);
});

test('every spec route is reachable from the header or the footer (the home page from the brand link)', () => {
  const { header, footer: footerLinks } = navLinks(buildNav());
  const footer = footerLinks.map((link) => link.href);
  const reachable = new Set([...header.map((link) => link.href), ...footer, '/']);
  expect(specRoutes.filter((path) => !reachable.has(path))).toEqual([]);
  expect(footer).toEqual(
    expect.arrayContaining([
      '/privacy-policy',
      '/disclaimer',
      '/terms-and-conditions',
      '/ad-post-sites',
      '/video-submission-sites',
      '/seo-guides',
    ]),
  );
});

test('the common guesses and any letter-case variant of a route answer 301 to the route, keeping the query', async () => {
  const { app } = await createTestApp();
  const moved: Record<string, string> = {
    '/pricing': '/seo-packages',
    '/tools': '/try-free-tools',
    '/about-us': '/about',
    '/seo-audit-tool': '/seo-audit',
    '/image-compressor-tool': '/image-compressor',
    '/bulk-url-redirection': '/bulk-url-redirection-tool',
    '/youtubeshortsdownloader': '/YouTubeShortsDownloader',
    '/SEO-Packages': '/seo-packages',
    '/Pricing': '/seo-packages',
    '/CONTACT': '/contact-me',
    '/About/': '/about',
    '/seo-audit-tool?url=https://example.com/': '/seo-audit?url=https://example.com/',
    '/tools?ref=menu': '/try-free-tools?ref=menu',
    '/PRICING/': '/seo-packages',
    '/Seo-Audit/?url=https%3A%2F%2Fexample.com': '/seo-audit?url=https%3A%2F%2Fexample.com',
  };
  for (const [from, to] of Object.entries(moved)) {
    const res = await request(app).get(from);
    expect(`${from} ${res.status} ${res.headers.location}`).toBe(`${from} 301 ${to}`);
  }
  const page = await request(app).get('/seo-packages');
  expect(page.status).toBe(200);
  // Only reads move: a form posted to a guessed address is not silently turned into a GET.
  expect((await request(app).post('/Pricing')).status).not.toBe(301);
});
