import type { Db } from '#db/index.ts';
import { eachUrlTotal } from '#db/log-file-hits.ts';
import { auditPages, getSiteAudit } from '#db/site-audits.ts';

/**
 * A log joined with a site audit of the same site (issue 36): what the audit found against what
 * verified bots fetched. Log URLs are paths with their query; audit URLs are matched by theirs.
 * Each list keeps JOIN_LIST_LIMIT entries; its total is exact.
 */
export const JOIN_LIST_LIMIT = 500;

export interface JoinedUrl {
  url: string;
  hits: number;
  /** noindex, or the canonical it names (for the third list). */
  reason?: string;
}

export interface AuditJoin {
  auditId: string;
  auditUrl: string;
  /** Pages the audit found indexable (200, HTML, no noindex, their own canonical) that no verified bot fetched. */
  neverCrawled: { total: number; urls: JoinedUrl[] };
  /** URLs verified bots fetched that the audit did not find: orphans, or junk. */
  notInAudit: { total: number; urls: JoinedUrl[] };
  /** Pages marked noindex or canonicalised elsewhere that verified bots keep fetching. */
  excludedButCrawled: { total: number; urls: JoinedUrl[] };
}

interface AuditedPage {
  url: string;
  indexable: boolean;
  excluded?: string;
  hits: number;
}

function pathOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return undefined;
  }
}

/** The audit's pages by path, with whether each should be crawled (and why not). */
async function auditedPages(db: Db, auditId: string): Promise<Map<string, AuditedPage>> {
  const pages = new Map<string, AuditedPage>();
  for (let offset = 0; ; offset += 1000) {
    const { pages: batch } = await auditPages(db, auditId, { offset, limit: 1000 });
    for (const page of batch) {
      const path = pathOf(page.url);
      if (path === undefined) continue;
      const facts = page.facts as {
        status?: number;
        contentType?: string | null;
        noindex?: boolean | null;
        canonical?: string | null;
      };
      const canonicalElsewhere = typeof facts.canonical === 'string' && facts.canonical !== page.url;
      const html = facts.status === 200 && (facts.contentType ?? '').includes('html');
      pages.set(path, {
        url: page.url,
        indexable: html && facts.noindex !== true && !canonicalElsewhere,
        excluded: facts.noindex === true ? 'noindex' : canonicalElsewhere ? `canonical: ${facts.canonical}` : undefined,
        hits: 0,
      });
    }
    if (batch.length < 1000) return pages;
  }
}

/** Keeps the `limit` entries with most hits while a long list streams past. */
function topList(limit: number) {
  let entries: JoinedUrl[] = [];
  let total = 0;
  const trim = () => {
    entries.sort((a, b) => b.hits - a.hits || a.url.localeCompare(b.url));
    entries = entries.slice(0, limit);
  };
  return {
    add(entry: JoinedUrl) {
      total++;
      entries.push(entry);
      if (entries.length >= limit * 2) trim();
    },
    done() {
      trim();
      return { total, urls: entries };
    },
  };
}

/** The join, or undefined when the audit is gone or not finished. */
export async function joinWithAudit(db: Db, logId: string, auditId: string): Promise<AuditJoin | undefined> {
  const audit = await getSiteAudit(db, auditId);
  if (!audit || audit.status !== 'done') return undefined;
  const pages = await auditedPages(db, auditId);
  const notInAudit = topList(JOIN_LIST_LIMIT);
  for await (const { url, hits } of eachUrlTotal(db, logId, { verified: true })) {
    const page = pages.get(url);
    if (page) page.hits += hits;
    else notInAudit.add({ url, hits });
  }
  const neverCrawled = topList(JOIN_LIST_LIMIT);
  const excluded = topList(JOIN_LIST_LIMIT);
  for (const page of pages.values()) {
    if (page.indexable && page.hits === 0) neverCrawled.add({ url: page.url, hits: 0 });
    if (page.excluded && page.hits > 0) excluded.add({ url: page.url, hits: page.hits, reason: page.excluded });
  }
  return {
    auditId,
    auditUrl: audit.url,
    neverCrawled: neverCrawled.done(),
    notInAudit: notInAudit.done(),
    excludedButCrawled: excluded.done(),
  };
}
