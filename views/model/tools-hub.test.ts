import { expect, test } from 'vitest';
import { availableTools, HUB_PATH, TOOLS, toolByName, toolNames } from './tools-hub.ts';

test('the hub lists every tool of spec 2.4 including the downloaders and the sitemap tool, plus the site audit', () => {
  const paths = TOOLS.map((tool) => tool.path);
  for (const path of [
    '/bulk-url-redirection-tool', '/google-index-checker', '/youtube-transcript-tool', '/bulk-anchor-text-generators',
    '/youtube-tag-generator', '/whatsapp-chat-link', '/comma-separator-tool', '/youtube-video-tags-extractor',
    '/url-domain-extractor', '/backlink-generator-tool', '/image-compressor', '/about-us-page-generator',
    '/mobile-friendly-tester-tool', '/canonical-tag-generator', '/seo-audit', '/sitemap-tool', '/viral-prompts',
    '/YouTubeShortsDownloader', '/InstagramReelDownloader', '/PinterestDownloader', '/site-audit',
  ]) {
    expect(paths).toContain(path);
  }
  expect(TOOLS).toHaveLength(21);
});

test('names and paths are unique and every tool has a description', () => {
  expect(new Set(toolNames()).size).toBe(TOOLS.length);
  expect(new Set(TOOLS.map((tool) => tool.path)).size).toBe(TOOLS.length);
  for (const tool of TOOLS) expect(tool.description.length).toBeGreaterThan(20);
});

test('a known name resolves to its canonical path, an unknown one to the hub', () => {
  expect(toolByName('Canonical Tag Generator').path).toBe('/canonical-tag-generator');
  expect(toolByName('Some Future Tool')).toEqual({ name: 'Some Future Tool', description: '', path: HUB_PATH });
});

test('only tools whose page exists are offered, in hub order', () => {
  expect(toolNames(availableTools(new Set(['/viral-prompts', '/', '/comma-separator-tool'])))).toEqual(['Comma Separator Tool', 'Viral Prompts']);
  expect(availableTools(new Set())).toEqual([]);
});
