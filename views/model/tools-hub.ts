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
}

export const HUB_PATH = '/try-free-tools';

export const TOOLS: readonly ToolEntry[] = [
  {
    name: 'Bulk URL Redirection Tool',
    description: 'Follow every redirect hop for a list of URLs and see where each one finally lands.',
    path: '/bulk-url-redirection-tool',
  },
  {
    name: 'Google Index Checker',
    description: 'Check whether your pages can be indexed: status code, robots.txt, noindex and canonical.',
    path: '/google-index-checker',
  },
  {
    name: 'YouTube Transcript Tool',
    description: 'Fetch the transcript of a YouTube video and download it as TXT, SRT or PDF.',
    path: '/youtube-transcript-tool',
  },
  {
    name: 'Bulk Anchor Text Generator',
    description: 'Turn your keywords into exact, partial, phrase, branded, generic, naked URL and LSI anchors.',
    path: '/bulk-anchor-text-generators',
  },
  {
    name: 'YouTube Tag Generator',
    description: 'Read the real tags of a YouTube video and reuse them as ideas for your own uploads.',
    path: '/youtube-tag-generator',
  },
  {
    name: 'WhatsApp Chat Link Generator',
    description: 'Build a wa.me click-to-chat link with an optional pre-filled message and a QR code.',
    path: '/whatsapp-chat-link',
  },
  {
    name: 'Comma Separator Tool',
    description: 'Convert a list with one item per line into a single comma-separated string.',
    path: '/comma-separator-tool',
  },
  {
    name: 'YouTube Video Tags Extractor',
    description: 'Extract the tags a YouTube video was published with, ready to copy.',
    path: '/youtube-video-tags-extractor',
  },
  {
    name: 'URL Domain Extractor',
    description: 'Paste a list of URLs and get their hostnames back, with an option to keep unique ones only.',
    path: '/url-domain-extractor',
  },
  {
    name: 'Backlink Generator Tool',
    description: 'Get links to more than 40 whois, SEO-stats and site-analysis services for your domain.',
    path: '/backlink-generator-tool',
  },
  {
    name: 'Image Compressor',
    description: 'Compress an image with an adjustable quality setting and download the smaller file.',
    path: '/image-compressor',
  },
  {
    name: 'About Us Page Generator',
    description: 'Write a complete About Us page for your business as ready-to-paste HTML and plain text.',
    path: '/about-us-page-generator',
  },
  {
    name: 'Mobile Friendly Tester Tool',
    description: 'Test a page for viewport, font size, tap targets and other mobile-readiness checks.',
    path: '/mobile-friendly-tester-tool',
  },
  {
    name: 'Canonical Tag Generator',
    description: 'Generate a correctly escaped rel="canonical" link tag for any page URL.',
    path: '/canonical-tag-generator',
  },
  {
    name: 'SEO Audit',
    description: 'Audit a page against 22 on-page, link, social and performance recommendations.',
    path: '/seo-audit',
  },
  {
    name: 'Website SEO Audit',
    description: 'Crawl your whole site and list every SEO problem by page: broken links, redirects, duplicates, canonicals and more.',
    path: '/site-audit',
  },
  {
    name: 'Sitemap Generator',
    description: 'Crawl your website and generate an XML sitemap you can download and submit.',
    path: '/sitemap-tool',
  },
  {
    name: 'Viral Prompts',
    description: 'Browse curated AI prompts for images, video, text and audio, or expand your own idea.',
    path: '/viral-prompts',
  },
  {
    name: 'YouTube Shorts Downloader',
    description: 'Get a download link for a YouTube Shorts video.',
    path: '/YouTubeShortsDownloader',
  },
  {
    name: 'Instagram Reel Downloader',
    description: 'Get a download link for a public Instagram reel.',
    path: '/InstagramReelDownloader',
  },
  {
    name: 'Pinterest Video Downloader',
    description: 'Download a Pinterest video in 1080p, 720p, 480p or 360p.',
    path: '/PinterestDownloader',
  },
];

/**
 * The tools whose page is in the route table. Every tool's page lands with its own branch, so the
 * hub lists only those that exist: a `Try Now` link never leads to a 404.
 */
export function availableTools(paths: ReadonlySet<string>): ToolEntry[] {
  return TOOLS.filter((tool) => paths.has(tool.path));
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
  return known ?? { name, description: '', path: HUB_PATH };
}
