// Pure paging, search, sort and CSV logic shared by the server render, the CSV route and the
// browser enhancement script. No I/O, no zod: the client bundle imports this file.

export const LINK_TYPES = ['dofollow', 'nofollow', 'mixed'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** Regions listed before any country in the filter. */
export const REGIONS_FIRST: readonly string[] = ['India', 'Global'];

export interface SiteRow {
  id: number;
  name: string;
  url: string;
  /** `India`, `Global` or a country: who can use the site. */
  region: string;
  /** What a link placed there usually is; absent when not known. */
  linkType?: LinkType;
  description: string;
  da?: number;
  spam?: number;
}

/** `?link=` values: a link type, or `unknown` for the sites whose link type we do not know. */
export type LinkFilter = LinkType | 'unknown' | '';

export interface Filters {
  query: string;
  /** A region exactly as listed, or '' for all. */
  region: string;
  link: LinkFilter;
}

export const NO_FILTERS: Filters = { query: '', region: '', link: '' };

export type SortKey = 'da' | 'spam';
export type SortDirection = 'asc' | 'desc';
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

export interface PageSlice<T> {
  rows: T[];
  page: number;
  pageCount: number;
  /** The `#` shown on the first row of this page. */
  firstNumber: number;
}

/** There is always one page, even for an empty result, so "page 1" never 404s. */
export function countPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Reads `?page=`. Absent means page 1; anything that is not a whole number within range is
 * `null`, which the page answers with a 404 rather than silently showing another page.
 */
export function parsePage(raw: unknown, pageCount: number): number | null {
  if (raw === undefined || raw === null || raw === '') return 1;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,5}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= pageCount ? page : null;
}

export function paginate<T>(items: readonly T[], pageSize: number, page: number): PageSlice<T> {
  const pageCount = countPages(items.length, pageSize);
  const current = Math.min(Math.max(1, Math.trunc(page)), pageCount);
  const start = (current - 1) * pageSize;
  return { rows: items.slice(start, start + pageSize), page: current, pageCount, firstNumber: start + 1 };
}

/** Two spellings of one address (www., trailing slash, case) count as the same site. */
export function normaliseUrl(value: string): string {
  const url = new URL(value);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '').toLowerCase();
  return `${host}${path}${url.search}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/**
 * Every word of the query must appear in the name, description or host (case-insensitive); the
 * region and link type, when chosen, must match exactly.
 */
export function filterSites<T extends SiteRow>(sites: readonly T[], filters: Filters): T[] {
  const words = filters.query.toLowerCase().split(/\s+/).filter(Boolean);
  return sites.filter((site) => {
    if (filters.region && site.region !== filters.region) return false;
    if (filters.link && (site.linkType ?? 'unknown') !== filters.link) return false;
    if (words.length === 0) return true;
    const haystack = `${site.name} ${site.description} ${hostOf(site.url)}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The regions a list offers in its filter: India and Global first, then countries A–Z. */
export function regionsOf(sites: readonly SiteRow[]): string[] {
  const present = new Set(sites.map((site) => site.region));
  const rest = [...present].filter((region) => !REGIONS_FIRST.includes(region)).sort();
  return [...REGIONS_FIRST.filter((region) => present.has(region)), ...rest];
}

/** Reads `?region=` and `?link=`; a value the list does not offer means "all". */
export function parseFilters(params: URLSearchParams, regions: readonly string[]): Omit<Filters, 'query'> {
  const region = params.get('region') ?? '';
  const link = params.get('link') ?? '';
  return {
    region: regions.includes(region) ? region : '',
    link: (LINK_TYPES as readonly string[]).includes(link) || link === 'unknown' ? (link as LinkFilter) : '',
  };
}

/** Stable sort; sites without the metric always go last so blanks never crowd the top. */
export function sortSites<T extends SiteRow>(sites: readonly T[], order: SortOrder | null): T[] {
  if (!order) return [...sites];
  const sign = order.direction === 'asc' ? 1 : -1;
  return sites
    .map((site, index) => ({ site, index }))
    .sort((a, b) => {
      const left = a.site[order.key];
      const right = b.site[order.key];
      if (left === undefined || right === undefined) {
        if (left === right) return a.index - b.index;
        return left === undefined ? 1 : -1;
      }
      return left === right ? a.index - b.index : (left - right) * sign;
    })
    .map(({ site }) => site);
}

const sortPattern = /^(da|spam)-(asc|desc)$/;

/** `?sort=da-desc` and friends; unknown values fall back to the curated order. */
export function parseSort(raw: unknown, allowed: readonly SortKey[]): SortOrder | null {
  if (typeof raw !== 'string') return null;
  const match = sortPattern.exec(raw);
  if (!match) return null;
  const key = match[1] as SortKey;
  if (!allowed.includes(key)) return null;
  return { key, direction: match[2] as SortDirection };
}

export function formatSort(order: SortOrder): string {
  return `${order.key}-${order.direction}`;
}

/** Clicking a header sorts high-to-low for DA and low-to-high for spam first, then flips. */
export function nextSort(current: SortOrder | null, key: SortKey): SortOrder {
  if (current && current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'da' ? 'desc' : 'asc' };
}

/** Builds `?q=...&region=...&link=...&sort=...&page=2`, leaving out defaults so page 1 links to the bare path. */
export function buildQuery(state: {
  page?: number;
  query?: string;
  region?: string;
  link?: LinkFilter;
  sort?: SortOrder | null;
}): string {
  const params = new URLSearchParams();
  if (state.query && state.query.trim()) params.set('q', state.query.trim());
  if (state.region) params.set('region', state.region);
  if (state.link) params.set('link', state.link);
  if (state.sort) params.set('sort', formatSort(state.sort));
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function formatSpam(spam: number | undefined): string {
  return spam === undefined ? '' : `${spam}%`;
}

export interface DirectoryView<T> extends PageSlice<T> {
  /** How many sites match the search, across all pages. */
  total: number;
}

/** Search, then sort, then page: the one pipeline the server render and the script share. */
export function viewSites<T extends SiteRow>(
  sites: readonly T[],
  state: Filters & { sort: SortOrder | null; page: number; pageSize: number | null },
): DirectoryView<T> {
  const matching = sortSites(filterSites(sites, state), state.sort);
  const slice = paginate(matching, state.pageSize ?? Math.max(1, matching.length), state.page);
  return { ...slice, total: matching.length };
}

const linkFilterLabels: Record<Exclude<LinkFilter, ''>, string> = {
  dofollow: 'dofollow links',
  nofollow: 'nofollow links',
  mixed: 'mixed links',
  unknown: 'link type not known',
};

/** "Showing 21–40 of 68 sites", or why nothing is shown. */
export function describeView(view: DirectoryView<unknown>, filters: Filters): string {
  const query = filters.query.trim();
  const chosen = [filters.region ? `region ${filters.region}` : '', filters.link ? linkFilterLabels[filters.link] : '']
    .filter(Boolean)
    .join(', ');
  const narrowing = chosen ? ` (${chosen})` : '';
  if (view.total === 0) {
    if (query) return `No sites match “${query}”${narrowing}.`;
    return chosen ? `No sites match the chosen filters${narrowing}.` : 'No sites listed.';
  }
  const last = view.firstNumber + view.rows.length - 1;
  const range = view.firstNumber === last ? `${last}` : `${view.firstNumber}–${last}`;
  const noun = view.total === 1 ? 'site' : 'sites';
  return `Showing ${range} of ${view.total} ${noun}${query ? ` matching “${query}”` : ''}${narrowing}.`;
}
