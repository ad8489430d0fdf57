import type { Db } from '#db/index.ts';
import { openIssueStage } from '#db/site-audit-issue-stage.ts';
import type { MovePace } from '#db/sqlite-temp.ts';
import { SAVE_BATCH_ROWS, type StoredIssue } from '#db/site-audits.ts';
import { tallyIssues } from '#db/site-audit-streamed.ts';
import { ISSUE_TYPES } from '#views/model/site-audit.ts';
import { batchFindings } from './rules/batched.ts';
import { healthScore, type AuditSummaryCounts, type IssueInstance, type RuleInput } from './rules/index.ts';
import { saveExternalChecks } from '#db/site-audit-external-checks.ts';
import { analyseStoreGraph, runStoreChecks } from './store-analysis/index.ts';
import { startStoreChecks, type ChecksThreadSettings } from './store-analysis/checks-thread-start.ts';
import { storedBatchReader } from './stored-batches.ts';
import { stepClock, type StepTimes } from './steps.ts';
import { LOADED_AS } from './store.ts';

/*
 * The job's analysis over its crawl store with SITE_AUDIT_SITE_CHECKS=store (decision 0065): depth and
 * inlinks in SQL; the page, node and audit rules a stored batch at a time (rules/batched.ts); the site
 * rules `STORE_CHECKS` holds from SQL (on a thread of their own beside the batches when the job knows where its
 * database is, decision 0074). Every site rule is one of STORE_CHECKS (streamed-analysis.test.ts holds it), so
 * nothing reads the crawl's nodes: the audit lets them go before this starts.
 * Every finding is staged as it comes (db/site-audit-issue-stage.ts) and written to `site_audit_issues` in its key
 * order once its checks end: none is kept in memory for the whole site, and the summary is counted from the table.
 */

export interface StreamedAnalysisInput {
  db: Db;
  auditId: string;
  /** The URLs in the store (ids 0 to urls - 1). */
  urls: number;
  facts: Omit<RuleInput, 'nodes' | 'fromStore'>;
  /** URLs of the store read at a time (SITE_AUDIT_ANALYSIS_BATCH). */
  batchSize: number;
  /** A turn of the event loop between batches. */
  breathe: () => Promise<void>;
  signal?: AbortSignal;
  /**
   * Where `db` was opened (a job's thread knows it): the store's cross-page checks then run on a thread of
   * their own with its own connection, beside the batches (decision 0074). Without it they run after them.
   */
  checksThread?: ChecksThreadSettings;
  /** Filled with each step's time as it ends (steps.ts): graph, batches, issues, checks. */
  steps?: StepTimes;
}

const SEVERITY = new Map(ISSUE_TYPES.map((type) => [type.type, type.severity]));

/**
 * Findings gathered SAVE_BATCH_ROWS at a time into the audit's issue stage (db/site-audit-issue-stage.ts), which
 * writes them to the issues table in its key order: as found, a real site's findings land each on another page
 * of the table's index (`npm run bench -- issue-inserts`; decision 0065). `finish` moves what is staged; `close`
 * drops what a cancel or a failure left.
 */
async function issueSink(db: Db, auditId: string) {
  const stage = await openIssueStage(db, auditId);
  let rows: StoredIssue[] = [];
  const flush = async () => {
    await stage.add(rows);
    rows = [];
  };
  return {
    async add(found: readonly IssueInstance[]) {
      rows.push(...found);
      if (rows.length >= SAVE_BATCH_ROWS) await flush();
    },
    async finish(pace?: MovePace) {
      await flush();
      await stage.finish(pace);
    },
    close: () => stage.close(),
  };
}

/**
 * Every check STORE_CHECKS holds, its findings staged as they come: on both databases a check's read leaves
 * the connection free between its chunks (forEachRow).
 */
export async function writeStoreChecks(db: Db, auditId: string): Promise<void> {
  const sink = await issueSink(db, auditId);
  try {
    await runStoreChecks(db, auditId, (type, finding) =>
      sink.add([
        { type, severity: SEVERITY.get(type)!, url: finding.url, detail: finding.detail, links: finding.links },
      ]),
    );
    await sink.finish();
  } finally {
    await sink.close();
  }
}

/** Runs every rule over the crawl store, staging the findings as they come; answers the graph's arrays. */
export async function streamAnalysis(
  input: StreamedAnalysisInput,
): Promise<{ depth: Int32Array; inlinks: Int32Array }> {
  const { db, auditId } = input;
  const aborted = () => input.signal?.aborted === true;
  const step = stepClock(input.steps);
  // The resource and external-link checks read the other-site URLs' answers from the store.
  await saveExternalChecks(db, auditId, input.facts.externalChecks ?? []);
  const graph = await analyseStoreGraph(db, auditId, input.urls, { breathe: input.breathe, aborted });
  step('graph');
  // The store checks read the graph and write only their own issue types: they need nothing of the batches.
  const sink = await issueSink(db, auditId);
  const checks = input.checksThread && startStoreChecks({ ...input.checksThread, auditId, signal: input.signal });
  try {
    const batches = batchFindings(storedBatchReader(db, auditId), {
      ...input.facts,
      ...graph,
      batchSize: input.batchSize,
    });
    for await (const found of batches) {
      if (aborted()) return graph;
      await sink.add(found);
      await input.breathe();
    }
    step('batches');
    await sink.finish({ breathe: input.breathe, aborted });
    step('issues');
    if (aborted()) return graph;
    if (!checks) await writeStoreChecks(db, auditId);
    // A cancel ends the thread: the analysis stops as it would without it.
    else
      await checks.done.catch((error: unknown) => {
        if (!aborted()) throw error;
      });
    // With the thread: the wait for what it had left once the batches' findings were written.
    step('checks');
    return graph;
  } finally {
    await sink.close();
    await checks?.stop();
  }
}

/** The summary's counts and score, from the issues table and the store's URLs, as `summarize` counts them. */
export async function storedSummary(db: Db, auditId: string): Promise<AuditSummaryCounts> {
  const tally = await tallyIssues(db, auditId, LOADED_AS.script | LOADED_AS.stylesheet);
  return {
    pages: tally.crawled - tally.resources,
    resources: tally.resources,
    score: healthScore(tally.crawled + tally.uncrawledUrls, tally.errorUrls, tally.warnedOnlyUrls),
    errors: tally.errors,
    warnings: tally.warnings,
    notices: tally.notices,
  };
}
