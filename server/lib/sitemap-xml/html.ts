/**
 * The HTML sitemap: one plain, accessible page listing a site's URLs grouped by section (the first
 * segment of their path), for people rather than crawlers. Pure; the caller stores and serves it.
 */

export interface HtmlSitemapPage {
  url: string;
  title?: string;
}

export interface HtmlSitemapSection {
  /** `null` for the main pages (the home page and sections of a single page). */
  segment: string | null;
  heading: string;
  pages: { url: string; path: string; text: string }[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

function firstSegment(path: string): string | null {
  const segment = /^\/([^/?]+)\/./.exec(path)?.[1] ?? /^\/([^/?]+)\/?(?:\?|$)/.exec(path)?.[1];
  return segment ?? null;
}

function segmentHeading(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Shown as written.
  }
  return `/${decoded}/`;
}

/**
 * Groups pages by the first segment of their path: `/blog/a` and `/blog/b` make a "/blog/" section
 * (with `/blog` itself when listed); the home page and any section of one page go under "Main pages",
 * first. Sections sort by name, pages by path; each page's text is its title, else its path.
 */
export function groupHtmlSitemap(pages: readonly HtmlSitemapPage[]): HtmlSitemapSection[] {
  const bySegment = new Map<string | null, HtmlSitemapSection['pages']>();
  for (const page of pages) {
    const path = pathOf(page.url);
    const segment = firstSegment(path);
    const list = bySegment.get(segment) ?? [];
    list.push({ url: page.url, path, text: page.title || path });
    bySegment.set(segment, list);
  }
  const main: HtmlSitemapSection['pages'] = [...(bySegment.get(null) ?? [])];
  const sections: HtmlSitemapSection[] = [];
  for (const [segment, list] of bySegment) {
    if (segment === null) continue;
    if (list.length === 1) main.push(list[0]);
    else sections.push({ segment, heading: segmentHeading(segment), pages: list });
  }
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  sections.sort((a, b) => (a.heading < b.heading ? -1 : a.heading > b.heading ? 1 : 0));
  for (const section of sections) section.pages.sort(byPath);
  main.sort(byPath);
  return main.length ? [{ segment: null, heading: 'Main pages', pages: main }, ...sections] : sections;
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.75rem;margin:0 0 .25rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem;border-bottom:1px solid #e5e7eb;padding-bottom:.25rem}
ul{padding-left:1.25rem;margin:0}li{margin:.35rem 0;overflow-wrap:anywhere}a{color:#1d4ed8}
a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}.path{color:#4b5563;font-size:.875rem}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0}`;

/** The whole HTML document: a title, a table of sections, then each section's links. */
export function buildHtmlSitemap(options: {
  siteUrl: string;
  pages: readonly HtmlSitemapPage[];
  /** ISO timestamp of the crawl. */
  generatedAt: string;
}): string {
  const host = (() => {
    try {
      return new URL(options.siteUrl).host;
    } catch {
      return options.siteUrl;
    }
  })();
  const sections = groupHtmlSitemap(options.pages);
  const id = (index: number) => `section-${index + 1}`;
  const count = options.pages.length;
  const toc =
    sections.length > 1
      ? `<nav aria-label="Sections"><ul>${sections
          .map((section, index) => `<li><a href="#${id(index)}">${escapeHtml(section.heading)}</a></li>`)
          .join('')}</ul></nav>\n`
      : '';
  const body = sections
    .map((section, index) => {
      const items = section.pages
        .map((page) => {
          const path = page.text === page.path ? '' : ` <span class="path">${escapeHtml(page.path)}</span>`;
          return `<li><a href="${escapeHtml(page.url)}">${escapeHtml(page.text)}</a>${path}</li>`;
        })
        .join('\n');
      return `<section aria-labelledby="${id(index)}">\n<h2 id="${id(index)}">${escapeHtml(section.heading)}</h2>\n<ul>\n${items}\n</ul>\n</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sitemap of ${escapeHtml(host)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Sitemap of ${escapeHtml(host)}</h1>
<p>${count} page${count === 1 ? '' : 's'}, listed on ${escapeHtml(options.generatedAt.slice(0, 10))}.</p>
${toc}${body}
</main>
</body>
</html>
`;
}
