/**
 * The sitemap generator's crawl options (docs/decisions/0046), shared by the widget, the API and the
 * crawl job. Pure: no zod here (islands never import it); schema.ts validates.
 */

/** The most any request may ask for; the server's own SITEMAP_MAX_PAGES is the real ceiling. */
export const MAX_PAGE_CAP = 1_000_000;

/** The options as a request gives them: any may be missing. */
export interface SitemapOptionsInput {
  maxPages?: number;
  include?: string[];
  exclude?: string[];
  /** List pages marked noindex too (default false: Google asks for indexable pages only). */
  includeNoindex?: boolean;
  /** List pages whose canonical is another URL too (default false: only canonical URLs). */
  includeNonCanonical?: boolean;
  /** Add `image:image` entries for the images on each page (default true). */
  images?: boolean;
  /** Add `xhtml:link` hreflang alternates from each page's link tags (default true). */
  hreflang?: boolean;
}

/** Every option with its value: what a crawl runs with and what its report shows. */
export type SitemapOptions = Required<SitemapOptionsInput>;

/** The defaults, with the page limit the server allows. */
export function defaultSitemapOptions(maxPages: number): SitemapOptions {
  return {
    maxPages,
    include: [],
    exclude: [],
    includeNoindex: false,
    includeNonCanonical: false,
    images: true,
    hreflang: true,
  };
}

/** The options given, defaults filled in (patterns kept in their given order, each once). */
export function resolveSitemapOptions(given: SitemapOptionsInput, serverMaxPages: number): SitemapOptions {
  const defaults = defaultSitemapOptions(serverMaxPages);
  return {
    maxPages: given.maxPages ?? defaults.maxPages,
    include: [...new Set(given.include ?? [])],
    exclude: [...new Set(given.exclude ?? [])],
    includeNoindex: given.includeNoindex ?? defaults.includeNoindex,
    includeNonCanonical: given.includeNonCanonical ?? defaults.includeNonCanonical,
    images: given.images ?? defaults.images,
    hreflang: given.hreflang ?? defaults.hreflang,
  };
}

/** True when `options` are the defaults: such a crawl keeps the key it had before options existed. */
export function isDefaultOptions(options: SitemapOptions, serverMaxPages: number): boolean {
  return optionsKey(options) === optionsKey(defaultSitemapOptions(serverMaxPages));
}

/** One spelling of a set of options (fixed key order), for the crawl's job id. */
export function optionsKey(options: SitemapOptions): string {
  const { maxPages, include, exclude, includeNoindex, includeNonCanonical, images, hreflang } = options;
  return JSON.stringify([maxPages, include, exclude, includeNoindex, includeNonCanonical, images, hreflang]);
}

/**
 * The query string of the progress stream for a crawl: the URL and every option that is not left
 * to its default, so the stream names the same crawl as the POST that starts it.
 */
export function progressSearch(url: string, options: SitemapOptionsInput): string {
  const params = new URLSearchParams({ url });
  if (options.maxPages !== undefined) params.set('maxPages', String(options.maxPages));
  for (const pattern of options.include ?? []) params.append('include', pattern);
  for (const pattern of options.exclude ?? []) params.append('exclude', pattern);
  const flags = ['includeNoindex', 'includeNonCanonical', 'images', 'hreflang'] as const;
  for (const name of flags) if (options[name] !== undefined) params.set(name, options[name] ? '1' : '0');
  return params.toString();
}
