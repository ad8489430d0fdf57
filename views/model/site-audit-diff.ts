import { ISSUE_TYPE_BY_ID, SEVERITY_ORDER } from './site-audit.ts';

/** An issue of one audit and not the other: which check, on which URL. */
export interface DiffItem {
  type: string;
  url: string;
}

/**
 * A regression that brought others with it: a URL that stopped answering as a page (`type` on `url`), the
 * new issues that follow from it, and its earlier issues that went with it (not fixed: no longer checked).
 */
export interface DiffCause extends DiffItem {
  followed: DiffItem[];
  gone: DiffItem[];
  /**
   * Vanished findings of other pages that compared their page with this URL (a duplicate title whose only
   * twin it was): not fixed, the twin stopped being a page. Absent when none (and in diffs stored before it).
   */
  compared?: DiffItem[];
}

/**
 * New issues that say a URL no longer answers as a page: its own page checks stop (its earlier issues go
 * away without being fixed) and links to it become issues of their own.
 */
export const CAUSE_TYPES: ReadonlySet<string> = new Set([
  'status-4xx',
  'status-5xx',
  'fetch-failed',
  'blocked-by-robots',
  'redirect-broken',
  'redirect-loop',
  'redirect-temporary',
  'redirect-chain',
]);

/** Findings that compare a page with others (their detail names them): they vanish when the others go. */
export const COMPARED_TYPES: ReadonlySet<string> = new Set([
  'title-duplicate',
  'description-duplicate',
  'h1-duplicate',
  'duplicate-content',
  'near-duplicate-content',
]);

/**
 * The pages a comparing finding's detail names ("same title as https://a/, https://b/ and 2 more", "almost the
 * same text as …": server/features/site-audit/rules). URLs hold no spaces, so the list is what follows " as ".
 */
export function comparedWith(detail: string): string[] {
  const at = detail.indexOf(' as ');
  if (at < 0) return [];
  return detail
    .slice(at + 4)
    .replace(/ and \d+ more$/, '')
    .split(', ')
    .filter(Boolean);
}

const rank = (type: string) => SEVERITY_ORDER[ISSUE_TYPE_BY_ID.get(type)?.severity ?? 'notice'];

/** Errors first, then warnings, then notices; within each by check, then URL. */
export function bySeverity<T extends DiffItem>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => rank(a.type) - rank(b.type) || a.type.localeCompare(b.type) || a.url.localeCompare(b.url),
  );
}

export interface DiffSides {
  added: readonly DiffItem[];
  fixed: readonly DiffItem[];
  /** Where a new issue's links point (its stored links' targets), in the new audit. */
  addedTargets(item: DiffItem): readonly string[];
  /** Where a vanished issue's links pointed, in the previous audit. */
  fixedTargets(item: DiffItem): readonly string[];
  /** The pages a vanished comparing issue (COMPARED_TYPES) compared its page with, in the previous audit. */
  fixedComparedWith?(item: DiffItem): readonly string[];
}

/**
 * The diff grouped by cause: each URL with a new cause issue (CAUSE_TYPES) takes the new issues on it or
 * linking to it (`followed`), the vanished issues on it or that linked to it (`gone`), and the vanished
 * comparing issues of other pages that were compared with it (`compared`). A cause with nothing following
 * stays a plain new issue. The rest stay new or fixed; every list is sorted by severity.
 */
export function groupByCause(sides: DiffSides): {
  causes: DiffCause[];
  newIssues: DiffItem[];
  fixedIssues: DiffItem[];
} {
  const causes = new Map<string, DiffCause>();
  for (const item of bySeverity(sides.added))
    if (CAUSE_TYPES.has(item.type) && !causes.has(item.url))
      causes.set(item.url, { type: item.type, url: item.url, followed: [], gone: [] });
  const causeAmong = (urls: readonly string[]) =>
    urls.map((url) => causes.get(url)).find((cause) => cause !== undefined);
  const causeOf = (item: DiffItem, targets: readonly string[]) => causes.get(item.url) ?? causeAmong(targets);
  const newIssues: DiffItem[] = [];
  const fixedIssues: DiffItem[] = [];
  for (const item of sides.added) {
    const cause = causeOf(item, sides.addedTargets(item));
    if (cause && cause.type === item.type && cause.url === item.url) continue;
    if (cause) cause.followed.push(item);
    else newIssues.push(item);
  }
  for (const item of sides.fixed) {
    const cause = causeOf(item, sides.fixedTargets(item));
    const twin = cause ? undefined : causeAmong(sides.fixedComparedWith?.(item) ?? []);
    if (cause) cause.gone.push(item);
    else if (twin) (twin.compared ??= []).push(item);
    else fixedIssues.push(item);
  }
  const grouped: DiffCause[] = [];
  for (const cause of causes.values()) {
    if (cause.followed.length || cause.gone.length || cause.compared)
      grouped.push({
        ...cause,
        followed: bySeverity(cause.followed),
        gone: bySeverity(cause.gone),
        ...(cause.compared ? { compared: bySeverity(cause.compared) } : {}),
      });
    else newIssues.push({ type: cause.type, url: cause.url });
  }
  return { causes: bySeverity(grouped), newIssues: bySeverity(newIssues), fixedIssues: bySeverity(fixedIssues) };
}
