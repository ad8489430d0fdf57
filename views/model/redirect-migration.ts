import { MAX_URL_LENGTH, typedUrl } from './url-input.ts';

/** Requests in flight to one site from migration checks, across the whole server: polite to the site being moved. */
export const MIGRATION_PER_HOST = 2;
/** Migration batches a visitor may send per minute (10,000 rows are 400 batches of 25). */
export const MIGRATION_BATCHES_PER_MINUTE = 120;

/** One old → new row of a migration check, as typed or read from a CSV. */
export interface MigrationPair {
  from: string;
  to: string;
}

/** `to` as an absolute URL: absolute already, or a path (`/new`) on the old URL's site; null when neither. */
export function resolveTarget(from: string, to: string): string | null {
  const base = typedUrl(from);
  if (!base.ok) return null;
  if (to.startsWith('/') && !to.startsWith('//')) return new URL(to, base.url).href;
  const target = typedUrl(to);
  return target.ok ? target.url : null;
}

/** Why a row cannot be checked, or null. `line` is the row's line number in the file. */
export function rowProblem(pair: MigrationPair, line?: number): string | null {
  const where = line === undefined ? '' : `Line ${line}: `;
  if (pair.from.length > MAX_URL_LENGTH || pair.to.length > MAX_URL_LENGTH)
    return `${where}URLs are limited to ${MAX_URL_LENGTH} characters.`;
  const from = typedUrl(pair.from);
  if (!from.ok) return `${where}the old URL "${pair.from.slice(0, 80)}" is not a valid http or https URL.`;
  if (resolveTarget(pair.from, pair.to) === null)
    return `${where}the new URL "${pair.to.slice(0, 80)}" is not a valid URL or /path.`;
  return null;
}

/** Two URLs name the same page: compared as parsed (host case, default port, `/` path), fragment ignored. */
export function sameUrl(a: string | null, b: string): boolean {
  if (a === null) return false;
  try {
    const strip = (url: string) => new URL(url).href.replace(/#.*$/, '');
    return strip(a) === strip(b);
  } catch {
    return false;
  }
}
