import type { Directory } from './directories.ts';
import { normaliseUrl, type SiteRow } from './logic.ts';

/** What the link checker (npm run directories:check) last found for one site. */
export interface SiteStatus {
  /** `YYYY-MM-DD` of the last check. */
  lastChecked: string;
  /** Failed two checks in a row: left out of the page, the JSON and the CSV until it passes again. */
  hidden: boolean;
}

/** Check results keyed by normalised URL (see normaliseUrl); empty until the checker has run. */
export interface DirectoryStatus {
  sites: ReadonlyMap<string, SiteStatus>;
}

export const NOT_CHECKED: DirectoryStatus = { sites: new Map() };

export function statusOf(status: DirectoryStatus, url: string): SiteStatus | undefined {
  return status.sites.get(normaliseUrl(url));
}

/** The list without the sites the checker hides. */
export function visibleSites<T extends SiteRow>(sites: readonly T[], status: DirectoryStatus): T[] {
  return sites.filter((site) => !statusOf(status, site.url)?.hidden);
}

/** When this list was last checked: the newest check date among its sites, or null. */
export function lastCheckedOf(
  directory: Directory,
  status: DirectoryStatus,
): { date: string; checked: number; hidden: number } | null {
  let date = '';
  let checked = 0;
  let hidden = 0;
  for (const site of directory.list.sites) {
    const found = statusOf(status, site.url);
    if (!found) continue;
    checked += 1;
    if (found.hidden) hidden += 1;
    if (found.lastChecked > date) date = found.lastChecked;
  }
  return date ? { date, checked, hidden } : null;
}
