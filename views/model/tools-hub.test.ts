import { expect, test } from 'vitest';
import {
  availableTools,
  featuredFirst,
  HUB_PATH,
  matchesTool,
  TOOLS,
  toolByName,
  toolNames,
  toolsByGroup,
} from './tools-hub.ts';

test('the hub lists every tool of spec 2.4 including the downloaders and the sitemap tool, plus the site audit', () => {
  const paths = TOOLS.map((tool) => tool.path);
  for (const path of [
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
    '/seo-audit',
    '/sitemap-tool',
    '/viral-prompts',
    '/YouTubeShortsDownloader',
    '/InstagramReelDownloader',
    '/PinterestDownloader',
    '/site-audit',
    '/log-file-analyser',
  ]) {
    expect(paths).toContain(path);
  }
  expect(TOOLS).toHaveLength(22);
});

test('names and paths are unique and every tool has a description', () => {
  expect(new Set(toolNames()).size).toBe(TOOLS.length);
  expect(new Set(TOOLS.map((tool) => tool.path)).size).toBe(TOOLS.length);
  for (const tool of TOOLS) expect(tool.description.length).toBeGreaterThan(20);
});

test('a known name resolves to its canonical path, an unknown one to the hub', () => {
  expect(toolByName('Canonical Tag Generator').path).toBe('/canonical-tag-generator');
  expect(toolByName('Some Future Tool')).toMatchObject({ name: 'Some Future Tool', description: '', path: HUB_PATH });
});

test('only tools whose page exists are offered, in hub order', () => {
  expect(toolNames(availableTools(new Set(['/viral-prompts', '/', '/comma-separator-tool'])))).toEqual([
    'Comma Separator Tool',
    'Viral Prompts',
  ]);
  expect(availableTools(new Set())).toEqual([]);
});

test('tools group by job in the order analyse, crawl, generate, media, featured first within a group', () => {
  const groups = toolsByGroup(TOOLS);
  expect(groups.map((group) => group.id)).toEqual(['analyse', 'crawl', 'generate', 'media']);
  expect(groups.flatMap((group) => group.tools)).toHaveLength(TOOLS.length);
  expect(groups[0]!.tools.map((tool) => tool.path).slice(0, 2)).toEqual(['/seo-audit', '/google-index-checker']);
  expect(groups[1]!.tools.map((tool) => tool.path)).toEqual([
    '/site-audit',
    '/sitemap-tool',
    '/bulk-url-redirection-tool',
    '/log-file-analyser',
  ]);
  expect(groups.find((group) => group.id === 'media')!.tools.map((tool) => tool.path)).toContain(
    '/PinterestDownloader',
  );
  expect(toolsByGroup(TOOLS.filter((tool) => tool.group === 'media')).map((group) => group.id)).toEqual(['media']);
  expect(
    featuredFirst(TOOLS)
      .slice(0, 5)
      .map((tool) => tool.path),
  ).toEqual(['/seo-audit', '/site-audit', '/google-index-checker', '/sitemap-tool', '/bulk-url-redirection-tool']);
});

test('a search matches every typed word in the name or description, in any case', () => {
  const audit = TOOLS.find((tool) => tool.path === '/seo-audit')!;
  expect(matchesTool(audit, 'audit')).toBe(true);
  expect(matchesTool(audit, '  SEO   Audit ')).toBe(true);
  expect(matchesTool(audit, 'audit sitemap')).toBe(false);
  expect(matchesTool(audit, '')).toBe(true);
  expect(
    TOOLS.filter((tool) => matchesTool(tool, 'youtube'))
      .map((tool) => tool.path)
      .sort(),
  ).toEqual([
    '/YouTubeShortsDownloader',
    '/youtube-tag-generator',
    '/youtube-transcript-tool',
    '/youtube-video-tags-extractor',
  ]);
});

test('a search finds tools by the words people use, plurals and -ing forms included', () => {
  const paths = (query: string) =>
    TOOLS.filter((tool) => matchesTool(tool, query))
      .map((tool) => tool.path)
      .sort();
  expect(paths('backlinks')).toEqual(['/backlink-generator-tool', '/bulk-anchor-text-generators']);
  expect(paths('compress')).toEqual(['/image-compressor']);
  expect(paths('compressing images')).toEqual(['/image-compressor']);
  expect(paths('redirect')).toEqual(['/bulk-url-redirection-tool', '/site-audit']);
  expect(paths('redirects')).toEqual(['/bulk-url-redirection-tool', '/site-audit']);
  expect(paths('broken links')).toEqual(['/site-audit']);
  expect(paths('captions')).toEqual(['/youtube-transcript-tool']);
  expect(paths('zzz-no-such-tool')).toEqual([]);
});
