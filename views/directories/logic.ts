// Pure paging, search, sort and CSV logic shared by the server render, the CSV route and the
// browser enhancement script. No I/O, no zod: the client bundle imports this file.

export interface SiteRow {
  id: number;
  name: string;
  url: string;
  description: string;
  da?: number;
  spam?: number;
}

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

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Every word of the query must appear in the name, description or host (case-insensitive). */
export function filterSites<T extends SiteRow>(sites: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...sites];
  return sites.filter((site) => {
    const haystack = `${site.name} ${site.description} ${hostOf(site.url)}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
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

/** Builds `?page=2&q=...&sort=...`, leaving out defaults so page 1 links to the bare path. */
export function buildQuery(state: { page?: number; query?: string; sort?: SortOrder | null }): string {
  const params = new URLSearchParams();
  if (state.query && state.query.trim()) params.set('q', state.query.trim());
  if (state.sort) params.set('sort', formatSort(state.sort));
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function formatSpam(spam: number | undefined): string {
  return spam === undefined ? '' : `${spam}%`;
}

function csvField(value: string): string {
  // Leading = + - @ would be run as a formula by spreadsheet apps; a quote mark defuses it.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180: CRLF line ends, fields quoted only when they hold a comma, quote or line break. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export interface DirectoryView<T> extends PageSlice<T> {
  /** How many sites match the search, across all pages. */
  total: number;
}

/** Search, then sort, then page: the one pipeline the server render and the script share. */
export function viewSites<T extends SiteRow>(
  sites: readonly T[],
  state: { query: string; sort: SortOrder | null; page: number; pageSize: number | null },
): DirectoryView<T> {
  const matching = sortSites(filterSites(sites, state.query), state.sort);
  const slice = paginate(matching, state.pageSize ?? Math.max(1, matching.length), state.page);
  return { ...slice, total: matching.length };
}

/** "Showing 21–40 of 68 sites", or why nothing is shown. */
export function describeView(view: DirectoryView<unknown>, query: string): string {
  if (view.total === 0) return query.trim() ? `No sites match “${query.trim()}”.` : 'No sites listed.';
  const last = view.firstNumber + view.rows.length - 1;
  const range = view.firstNumber === last ? `${last}` : `${view.firstNumber}–${last}`;
  const noun = view.total === 1 ? 'site' : 'sites';
  return query.trim() ? `Showing ${range} of ${view.total} ${noun} matching “${query.trim()}”.` : `Showing ${range} of ${view.total} ${noun}.`;
}
