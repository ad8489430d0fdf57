import request from 'supertest';
import { expect, test } from 'vitest';
import { buildNav, pages } from '#server/routes.ts';
import { createTestApp } from '#test/helpers/app.ts';

// Spec 2.2: the canonical route table, every one a real page.
const specRoutes = [
  '/', '/about', '/sitemap-tool', '/seo-services-delhi', '/seo-services-rohini', '/seo-services-noida', '/seo-services-laxmi-nagar',
  '/seo-company-janakpuri', '/seo-guides', '/digital-marketing', '/career-guidance', '/google-core-updates', '/try-free-tools',
  '/bulk-url-redirection-tool', '/google-index-checker', '/youtube-transcript-tool', '/bulk-anchor-text-generators',
  '/youtube-tag-generator', '/whatsapp-chat-link', '/comma-separator-tool', '/youtube-video-tags-extractor', '/url-domain-extractor',
  '/backlink-generator-tool', '/image-compressor', '/about-us-page-generator', '/mobile-friendly-tester-tool', '/canonical-tag-generator',
  '/contact-me', '/disclaimer', '/terms-and-conditions', '/write-for-us', '/sitemap', '/privacy-policy', '/ad-post-sites',
  '/social-bookmarking-sites', '/guest-post-sites', '/article-submission-sites', '/directory-submission-sites', '/image-submission-sites',
  '/video-submission-sites', '/InstagramReelDownloader', '/YouTubeShortsDownloader', '/PinterestDownloader', '/seo-audit',
  '/seo-optimized-page', '/viral-prompts',
  // decisions.md: these become real pages.
  '/seo-packages', '/case-studies',
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

// Spec 2.1: header groups in order, each with its links in order.
const headerSpec: Array<[string, string[]]> = [
  ['SEO Services', ['/seo-services-delhi', '/seo-services-rohini', '/seo-services-noida', '/seo-services-laxmi-nagar', '/seo-company-janakpuri']],
  ['Free SEO Audit', ['/seo-audit']],
  ['Categories', ['/seo-guides', '/digital-marketing', '/career-guidance', '/google-core-updates']],
  ['Resources', ['/try-free-tools', '/bulk-url-redirection-tool', '/google-index-checker', '/youtube-transcript-tool', '/bulk-anchor-text-generators',
    '/youtube-tag-generator', '/whatsapp-chat-link', '/comma-separator-tool', '/youtube-video-tags-extractor', '/url-domain-extractor',
    '/backlink-generator-tool', '/image-compressor', '/about-us-page-generator', '/mobile-friendly-tester-tool', '/canonical-tag-generator', '/site-audit']],
  ['Quick Links', ['/', '/contact-me', '/disclaimer', '/terms-and-conditions', '/write-for-us', '/sitemap']],
  ['Video Downloader', ['/YouTubeShortsDownloader', '/InstagramReelDownloader', '/PinterestDownloader']],
];

test('every route of spec 2.2 (and the pages decisions.md adds) is in the route table', () => {
  const paths = new Set(pages.map((page) => page.path));
  expect(specRoutes.filter((path) => !paths.has(path))).toEqual([]);
});

test('every old spelling answers 301 to its canonical page', async () => {
  const { app } = createTestApp();
  for (const [alias, target] of Object.entries(aliases)) {
    const res = await request(app).get(alias);
    expect(`${alias} ${res.status} ${res.headers.location}`).toBe(`${alias} 301 ${target}`);
  }
});

test('the header is exactly spec 2.1, and the footer adds privacy policy and the Ad Post Sites column', () => {
  const nav = buildNav();
  expect(nav.groups.map((group) => [group.label, group.links.map((link) => link.href)])).toEqual(headerSpec);
  expect(nav.top.map((link) => link.href)).toEqual(['/viral-prompts', '/sitemap-tool']);
  const footer = Object.fromEntries(nav.footer.map((group) => [group.label, group.links.map((link) => link.href)]));
  expect(footer['Quick Links']).toContain('/privacy-policy');
  expect(footer['Ad Post Sites']).toEqual([
    '/ad-post-sites', '/social-bookmarking-sites', '/guest-post-sites', '/article-submission-sites',
    '/directory-submission-sites', '/image-submission-sites', '/video-submission-sites',
  ]);
});
