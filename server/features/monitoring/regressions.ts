import type { Db } from '#db/index.ts';
import { auditIssues, getSiteAudit, type SiteAuditRow, type StoredIssue } from '#db/site-audits.ts';
import { pageFacts } from '#db/site-audit-report-reads.ts';
import type { Regression } from '#views/model/monitoring.ts';
import { ISSUE_TYPE_BY_ID, ISSUE_TYPES } from '#views/model/site-audit.ts';

export type { Regression };

/**
 * What a monitored audit found that got worse since the one before it: the exact rule is in
 * docs/decisions/0044-monitoring-regressions.md. Pure reading of two stored audits, no network.
 */
export interface FixedIssue {
  issueId: string;
  url: string;
  /** Link issues: the link that is gone or no longer broken. */
  source?: string;
  target?: string;
}

export interface Comparison {
  regressions: Regression[];
  fixed: FixedIssue[];
  score: number | null;
  previousScore: number | null;
}

/**
 * The one issue type below error severity that alerts: `noindex-page`, and only on a URL the
 * previous audit crawled as an indexable page (a page that turned noindex, the classic accident).
 */
export const TURNED_NOINDEX = 'noindex-page';

/** Whether an issue of this type, new on this URL, is alert-worthy on its own (before the noindex rule). */
export function isAlertSeverity(type: string): boolean {
  return ISSUE_TYPE_BY_ID.get(type)?.severity === 'error';
}

/** Every issue type that can alert: the error types, and the noindex rule's type. */
const ALERT_TYPES = [
  ...ISSUE_TYPES.filter((type) => isAlertSeverity(type.type)).map((type) => type.type),
  TURNED_NOINDEX,
];

const START_FAILURES: ReadonlyArray<{ pattern: RegExp; status: (match: RegExpMatchArray) => number | null }> = [
  // visitor.ts: the start page answered a status outside 2xx (3xx without a usable target below).
  { pattern: /^The start page answered HTTP (\d{3})\.$/, status: (match) => Number(match[1]) },
  { pattern: /^\S+ answered (\d{3}) without a usable redirect target\.$/, status: (match) => Number(match[1]) },
  // crawl-start.ts / crawl-core.ts / visitor.ts: no HTTP answer at all (refused, reset, timeout, DNS, unreadable).
  { pattern: /^Could not (?:reach|fetch|read) /, status: () => null },
];

/**
 * The start page's failure a failed audit's stored error describes, or undefined when the audit
 * failed for another reason (robots.txt forbids crawling, the URL cannot be crawled, our own failure).
 */
export function startPageFailure(error: string | null): { status: number | null; error: string } | undefined {
  if (!error) return undefined;
  for (const failure of START_FAILURES) {
    const match = error.match(failure.pattern);
    if (match) return { status: failure.status(match), error };
  }
  return undefined;
}

function scoreOf(audit: SiteAuditRow | undefined): number | null {
  if (audit?.status !== 'done') return null;
  const score = (audit.summary as { score?: unknown } | undefined)?.score;
  return typeof score === 'number' ? score : null;
}

const CATALOGUE_ORDER = new Map(ISSUE_TYPES.map((type, index) => [type.type, index]));

interface Key {
  type: string;
  url: string;
  source?: string;
  target?: string;
  anchor?: string;
}

/** One identity per issue, or per distinct link (source → target) for link issues. */
function keysOf(issue: StoredIssue): Key[] {
  if (!issue.links?.length) return [{ type: issue.type, url: issue.url }];
  const seen = new Set<string>();
  const keys: Key[] = [];
  for (const link of issue.links) {
    const id = `${link.source}\u0000${link.target}`;
    if (seen.has(id)) continue;
    seen.add(id);
    keys.push({ type: issue.type, url: issue.url, source: link.source, target: link.target, anchor: link.anchor });
  }
  return keys;
}

const keyString = (key: Key) => [key.type, key.url, key.source ?? '', key.target ?? ''].join('\u0000');

function byCatalogue(a: Key, b: Key): number {
  return (
    (CATALOGUE_ORDER.get(a.type) ?? Infinity) - (CATALOGUE_ORDER.get(b.type) ?? Infinity) ||
    compare(a.url, b.url) ||
    compare(a.source ?? '', b.source ?? '') ||
    compare(a.target ?? '', b.target ?? '')
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The alert-worthy identities of an audit's issues; `indexableBefore` says whether a URL was an indexable page before. */
function alertKeys(issues: readonly StoredIssue[], indexableBefore: (url: string) => boolean): Map<string, Key> {
  const keys = new Map<string, Key>();
  for (const issue of issues) {
    const alerting = isAlertSeverity(issue.type) || (issue.type === TURNED_NOINDEX && indexableBefore(issue.url));
    if (!alerting) continue;
    for (const key of keysOf(issue)) keys.set(keyString(key), key);
  }
  return keys;
}

/**
 * Compares a monitored audit with the one before it (the monitor's latest finished audit;
 * undefined on the first run, and an audit that did not finish counts as none).
 */
export async function compareAudits(
  db: Db,
  previousAuditId: string | undefined,
  currentAuditId: string,
  options: { scoreDrop: number },
): Promise<Comparison> {
  const current = await getSiteAudit(db, currentAuditId);
  if (!current) throw new Error(`No audit ${currentAuditId} to compare`);
  const loaded = previousAuditId === undefined ? undefined : await getSiteAudit(db, previousAuditId);
  const previous = loaded?.status === 'done' ? loaded : undefined;
  const score = scoreOf(current);
  const previousScore = scoreOf(previous);
  const regressions: Regression[] = [];

  if (current.status === 'failed') {
    const down = startPageFailure(current.error);
    if (down) regressions.push({ kind: 'start-page-down', url: current.url, ...down });
    return { regressions, fixed: [], score, previousScore };
  }
  if (current.status !== 'done' || !previous) return { regressions, fixed: [], score, previousScore };

  if (score !== null && previousScore !== null && previousScore - score >= options.scoreDrop)
    regressions.push({ kind: 'score-drop', from: previousScore, to: score, drop: previousScore - score });

  // Only the issues that can alert are read (a big site's notices and warnings never are), and the
  // previous audit's pages only where a page is noindex now: memory follows the errors, not the site.
  const [before, after] = await Promise.all([
    auditIssues(db, previous.id, ALERT_TYPES),
    auditIssues(db, current.id, ALERT_TYPES),
  ]);
  const noindexBefore = new Set(before.filter((issue) => issue.type === TURNED_NOINDEX).map((issue) => issue.url));
  const noindexNow = after.filter((issue) => issue.type === TURNED_NOINDEX).map((issue) => issue.url);
  const indexablePagesBefore = await indexablePages(db, previous.id, noindexNow);
  // The previous audit's noindex pages are never keys: a page that turned noindex alerts once, and
  // its staying noindex afterwards is neither new again nor, once indexable, "fixed".
  const beforeKeys = alertKeys(before, () => false);
  const afterKeys = alertKeys(after, (url) => indexablePagesBefore.has(url) && !noindexBefore.has(url));

  const added = [...afterKeys].filter(([id]) => !beforeKeys.has(id)).map(([, key]) => key);
  const gone = [...beforeKeys].filter(([id]) => !afterKeys.has(id)).map(([, key]) => key);
  for (const key of added.sort(byCatalogue)) {
    const type = ISSUE_TYPE_BY_ID.get(key.type);
    regressions.push({
      kind: 'new-issue',
      issueId: key.type,
      title: type?.title ?? key.type,
      severity: type?.severity ?? 'error',
      url: key.url,
      ...(key.source === undefined ? {} : { source: key.source, target: key.target, anchor: key.anchor }),
    });
  }
  const fixed = gone.sort(byCatalogue).map((key) => ({
    issueId: key.type,
    url: key.url,
    ...(key.source === undefined ? {} : { source: key.source, target: key.target }),
  }));
  return { regressions, fixed, score, previousScore };
}

/** Those of `urls` the audit crawled as a 200 HTML page without noindex. */
async function indexablePages(db: Db, auditId: string, urls: readonly string[]): Promise<Set<string>> {
  const indexable = new Set<string>();
  for (const [url, facts] of await pageFacts(db, auditId, urls))
    if (facts.status === 200 && facts.noindex === false) indexable.add(url);
  return indexable;
}
