/**
 * Every free tool the site offers, in hub order. The hub page, `GET /api/try-free-tools/list`
 * and the client-side refresh all read this one list, so a tool can never be listed on one and
 * missing from another.
 */
export interface ToolEntry {
  name: string;
  description: string;
  /** Canonical page path (spec 2.2); never an alias, so `Try Now` never answers a redirect. */
  path: string;
  /** The job it does: the hub's sections and the header's Free tools menu. */
  group: ToolGroup;
  icon: ToolIconName;
  /** Place among the featured tools (1 first), which lead the hub's groups, the tools menu and the 404 page. */
  featured?: number;
  /** The words people search with when they do not know the tool's name ("backlinks", "compress"). */
  keywords?: readonly string[];
}

export type ToolGroup = 'analyse' | 'crawl' | 'generate' | 'media';

export type ToolIconName =
  | 'audit'
  | 'site'
  | 'index'
  | 'redirect'
  | 'mobile'
  | 'sitemap'
  | 'link'
  | 'anchor'
  | 'code'
  | 'text'
  | 'chat'
  | 'list'
  | 'globe'
  | 'spark'
  | 'image'
  | 'transcript'
  | 'tag'
  | 'download';

/** The hub's sections, in order, with the line that says what each job is. */
export const TOOL_GROUPS: readonly { id: ToolGroup; label: string; summary: string }[] = [
  {
    id: 'analyse',
    label: 'Analyse',
    summary: 'Check a page: what to fix, whether Google can index it, how it works on a phone.',
  },
  { id: 'crawl', label: 'Crawl', summary: 'Follow links and redirects across a whole site.' },
  { id: 'generate', label: 'Generate', summary: 'Write tags, anchors, links and copy in seconds.' },
  { id: 'media', label: 'Media', summary: 'Images and video: compress, transcribe, read tags, download.' },
];

export const HUB_PATH = '/try-free-tools';

export const TOOLS: readonly ToolEntry[] = [
  {
    name: 'Bulk URL Redirection Tool',
    description: 'Follow every redirect hop for a list of URLs and see where each one finally lands.',
    keywords: ['redirect', 'redirects', '301', '302', 'status code', 'migration', 'chain', 'http status'],
    path: '/bulk-url-redirection-tool',
    group: 'crawl',
    icon: 'redirect',
    featured: 5,
  },
  {
    name: 'Google Index Checker',
    description: 'Check whether your pages can be indexed: status code, robots.txt, noindex and canonical.',
    keywords: ['indexed', 'indexing', 'index', 'google search', 'noindex', 'robots', 'crawlable', 'search console'],
    path: '/google-index-checker',
    group: 'analyse',
    icon: 'index',
    featured: 3,
  },
  {
    name: 'YouTube Transcript Tool',
    description: 'Fetch the transcript of a YouTube video and download it as TXT, SRT or PDF.',
    keywords: ['captions', 'subtitles', 'transcribe', 'video text', 'srt'],
    path: '/youtube-transcript-tool',
    group: 'media',
    icon: 'transcript',
  },
  {
    name: 'Bulk Anchor Text Generator',
    description: 'Turn your keywords into exact, partial, phrase, branded, generic, naked URL and LSI anchors.',
    keywords: ['anchor', 'link text', 'backlinks', 'keywords', 'lsi'],
    path: '/bulk-anchor-text-generators',
    group: 'generate',
    icon: 'anchor',
  },
  {
    name: 'YouTube Tag Generator',
    description: 'Read the real tags of a YouTube video and reuse them as ideas for your own uploads.',
    keywords: ['tags', 'keywords', 'video seo', 'hashtags'],
    path: '/youtube-tag-generator',
    group: 'media',
    icon: 'tag',
  },
  {
    name: 'WhatsApp Chat Link Generator',
    description: 'Build a wa.me click-to-chat link with an optional pre-filled message and a QR code.',
    keywords: ['whatsapp', 'wa.me', 'chat', 'qr code', 'message link'],
    path: '/whatsapp-chat-link',
    group: 'generate',
    icon: 'chat',
  },
  {
    name: 'Comma Separator Tool',
    description: 'Convert a list with one item per line into a single comma-separated string.',
    keywords: ['csv', 'list', 'join', 'convert list', 'commas'],
    path: '/comma-separator-tool',
    group: 'generate',
    icon: 'list',
  },
  {
    name: 'YouTube Video Tags Extractor',
    description: 'Extract the tags a YouTube video was published with, ready to copy.',
    keywords: ['tags', 'keywords', 'competitor', 'video seo'],
    path: '/youtube-video-tags-extractor',
    group: 'media',
    icon: 'tag',
  },
  {
    name: 'URL Domain Extractor',
    description: 'Paste a list of URLs and get their hostnames back, with an option to keep unique ones only.',
    keywords: ['hostname', 'domains', 'urls', 'extract', 'list'],
    path: '/url-domain-extractor',
    group: 'generate',
    icon: 'globe',
  },
  {
    name: 'Backlink Generator Tool',
    description: 'Get links to more than 40 whois, SEO-stats and site-analysis services for your domain.',
    keywords: ['backlinks', 'links', 'whois', 'link building', 'domain authority', 'seo stats'],
    path: '/backlink-generator-tool',
    group: 'analyse',
    icon: 'link',
  },
  {
    name: 'Image Compressor',
    description: 'Compress an image with an adjustable quality setting and download the smaller file.',
    keywords: [
      'compress',
      'resize',
      'optimize',
      'optimise',
      'jpeg',
      'jpg',
      'png',
      'webp',
      'avif',
      'smaller',
      'photo',
      'picture',
    ],
    path: '/image-compressor',
    group: 'media',
    icon: 'image',
  },
  {
    name: 'About Us Page Generator',
    description: 'Write a complete About Us page for your business as ready-to-paste HTML and plain text.',
    keywords: ['about page', 'company profile', 'copywriting', 'content'],
    path: '/about-us-page-generator',
    group: 'generate',
    icon: 'text',
  },
  {
    name: 'Mobile Friendly Tester Tool',
    description: 'Test a page for viewport, font size, tap targets and other mobile-readiness checks.',
    keywords: ['mobile', 'phone', 'responsive', 'viewport', 'tap targets', 'mobile-friendly'],
    path: '/mobile-friendly-tester-tool',
    group: 'analyse',
    icon: 'mobile',
  },
  {
    name: 'Canonical Tag Generator',
    description: 'Generate a correctly escaped rel="canonical" link tag for any page URL.',
    keywords: ['canonical', 'duplicate content', 'rel canonical', 'link tag'],
    path: '/canonical-tag-generator',
    group: 'generate',
    icon: 'code',
  },
  {
    name: 'SEO Audit',
    description: 'Audit a page against 22 on-page, link, social and performance recommendations.',
    keywords: ['audit', 'on-page', 'checker', 'analyse', 'analyze', 'score', 'page check'],
    path: '/seo-audit',
    group: 'analyse',
    icon: 'audit',
    featured: 1,
  },
  {
    name: 'Website SEO Audit',
    description:
      'Crawl your whole site and list every SEO problem by page: broken links, redirects, duplicates, canonicals and more.',
    keywords: ['audit', 'crawl', 'whole site', 'broken links', 'site checker', 'technical seo', 'crawler'],
    path: '/site-audit',
    group: 'crawl',
    icon: 'site',
    featured: 2,
  },
  {
    name: 'Sitemap Generator',
    description: 'Crawl your website and generate an XML sitemap you can download and submit.',
    keywords: ['sitemap', 'xml', 'crawl', 'sitemap.xml', 'submit'],
    path: '/sitemap-tool',
    group: 'crawl',
    icon: 'sitemap',
    featured: 4,
  },
  {
    name: 'Log File Analyser',
    description:
      'Upload your access logs and see which pages verified Googlebot, Bingbot and AI crawlers fetch, and what they waste time on.',
    keywords: [
      'logs',
      'access log',
      'server log',
      'googlebot',
      'crawl budget',
      'bots',
      'ai crawlers',
      'nginx',
      'apache',
    ],
    path: '/log-file-analyser',
    group: 'crawl',
    icon: 'list',
  },
  {
    name: 'Viral Prompts',
    description: 'Browse curated AI prompts for images, video, text and audio, or expand your own idea.',
    keywords: ['ai', 'chatgpt', 'prompts', 'midjourney', 'ideas'],
    path: '/viral-prompts',
    group: 'generate',
    icon: 'spark',
  },
  {
    name: 'YouTube Shorts Downloader',
    description: 'Get a download link for a YouTube Shorts video.',
    keywords: ['download', 'shorts', 'save video', 'mp4'],
    path: '/YouTubeShortsDownloader',
    group: 'media',
    icon: 'download',
  },
  {
    name: 'Instagram Reel Downloader',
    description: 'Get a download link for a public Instagram reel.',
    keywords: ['download', 'instagram', 'reels', 'save video', 'mp4'],
    path: '/InstagramReelDownloader',
    group: 'media',
    icon: 'download',
  },
  {
    name: 'Pinterest Video Downloader',
    description: 'Download a Pinterest video in 1080p, 720p, 480p or 360p.',
    keywords: ['download', 'pinterest', 'pins', 'save video', 'mp4'],
    path: '/PinterestDownloader',
    group: 'media',
    icon: 'download',
  },
];

/**
 * The tools whose page is in the route table. Every tool's page lands with its own branch, so the
 * hub lists only those that exist: a `Try Now` link never leads to a 404.
 */
export function availableTools(paths: ReadonlySet<string>): ToolEntry[] {
  return TOOLS.filter((tool) => paths.has(tool.path));
}

/**
 * The tools grouped by job, featured ones first within each group.
 * Groups without a tool are left out.
 */
export function toolsByGroup(
  tools: readonly ToolEntry[],
): { id: ToolGroup; label: string; summary: string; tools: ToolEntry[] }[] {
  return TOOL_GROUPS.map((group) => ({
    ...group,
    tools: featuredFirst(tools.filter((tool) => tool.group === group.id)),
  })).filter((group) => group.tools.length > 0);
}

/** Featured tools first in their own order, then the rest in list order. */
export function featuredFirst(tools: readonly ToolEntry[]): ToolEntry[] {
  const featured = tools.filter((tool) => tool.featured !== undefined).sort((a, b) => a.featured! - b.featured!);
  return [...featured, ...tools.filter((tool) => tool.featured === undefined)];
}

/** Whether a tool matches what a visitor typed: every word in its name or description, any case. */
/** A search word's plain stem: "backlinks" finds "backlink", "redirects" finds "redirect", "compressing" "compress". */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('es') && /(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Every word of the query is in the tool's name, description or keywords (as typed, or its stem). */
export function matchesTool(tool: Pick<ToolEntry, 'name' | 'description' | 'keywords'>, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${tool.name} ${tool.description} ${(tool.keywords ?? []).join(' ')}`.toLowerCase();
  return words.every((word) => text.includes(word) || text.includes(stem(word)));
}

export function toolNames(tools: readonly ToolEntry[] = TOOLS): string[] {
  return tools.map((tool) => tool.name);
}

/**
 * Resolves a name from the list response to its entry. A name the client does not know (a
 * newer server, say) still gets a row; its link falls back to the hub itself, as the spec asks.
 */
export function toolByName(name: string): ToolEntry {
  const known = TOOLS.find((tool) => tool.name === name);
  return known ?? { name, description: '', path: HUB_PATH, group: 'generate', icon: 'spark' };
}
