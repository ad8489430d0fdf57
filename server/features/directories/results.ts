import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Where older versions kept the checker's results: the first boot imports the file into the
 * database (store.ts), which holds them from then on.
 */
export const RESULTS_FILE = 'directory-checks.json';

export function resultsPath(dataDir: string): string {
  return join(dataDir, RESULTS_FILE);
}

const outcomeSchema = z.enum(['ok', 'blocked', 'parked', 'dead', 'error']);

const siteResultSchema = z.strictObject({
  url: z.string().url(),
  checkedAt: z.iso.datetime(),
  outcome: outcomeSchema,
  /** Which request decided the outcome: HEAD, or GET when HEAD failed or was refused. */
  method: z.enum(['HEAD', 'GET']),
  status: z.number().int().min(100).max(599).optional(),
  finalUrl: z.string().url().optional(),
  /** The final address is on another domain (renamed, sold or redirected). */
  moved: z.boolean().optional(),
  /** Why the outcome is parked, dead or error, in words. */
  reason: z.string().max(300).optional(),
  outboundLinks: z
    .strictObject({
      followed: z.number().int().min(0),
      notFollowed: z.number().int().min(0),
      nofollow: z.number().int().min(0),
      ugc: z.number().int().min(0),
      sponsored: z.number().int().min(0),
    })
    .optional(),
  observedLinkType: z.enum(['dofollow', 'nofollow', 'mixed']).optional(),
  consecutiveFailures: z.number().int().min(0),
});

export type SiteResult = z.infer<typeof siteResultSchema>;

const resultsSchema = z.strictObject({
  version: z.literal(1),
  lastRun: z
    .strictObject({ startedAt: z.iso.datetime(), finishedAt: z.iso.datetime(), checked: z.number().int().min(0) })
    .nullable(),
  /** Keyed by the URL exactly as listed. */
  sites: z.record(z.string(), siteResultSchema),
});

export type CheckResults = z.infer<typeof resultsSchema>;

export const EMPTY_RESULTS: CheckResults = { version: 1, lastRun: null, sites: {} };

/** Failed this many checks in a row: hidden from visitors until a check passes again. */
export const HIDE_AFTER_FAILURES = 2;

export class CheckResultsError extends Error {
  constructor(where: string, problem: string, remedy: string) {
    super(`Directory check results in ${where} are invalid (${problem}). ${remedy}`);
    this.name = 'CheckResultsError';
  }
}

/** Validates results read back (from the database, or the file of an older version). */
export function parseResults(text: string, where: string, remedy: string): CheckResults {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CheckResultsError(where, 'not JSON', remedy);
  }
  const parsed = resultsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CheckResultsError(where, `${issue.path.join('.') || 'results'}: ${issue.message}`, remedy);
  }
  return parsed.data;
}

/** Reads and validates the results file of an older version; undefined when there is none. */
export function readResultsFile(file: string): CheckResults | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR')
      return undefined;
    throw error;
  }
  return parseResults(text, file, 'Fix the file, or delete it to start over (the results now live in the database).');
}
