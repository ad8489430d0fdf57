import { z } from 'zod';
import { urlListSchema as urlListOf } from '#views/lib/url-list-schema.ts';

import { DEFAULT_USER_AGENT, USER_AGENT_CHOICES, type UserAgentChoice } from '#views/model/user-agents.ts';
import { MAX_REDIRECT_URLS, MAX_URL_LENGTH, MIGRATION_BATCH_ROWS } from './rules.ts';
import { rowProblem } from '#views/model/redirect-migration.ts';
import { parseMigrationCsv, skippedText } from './migration-csv.ts';

/** The agents a migration row can be checked with (both by default). */
const MIGRATION_AGENTS = ['googlebot-smartphone', 'browser'] as const;

export { MAX_REDIRECT_URLS, MAX_URL_LENGTH };

/** Lines are trimmed and empty ones dropped (spec 5); the same rule runs in the widget and the API. */
export const urlListSchema = urlListOf(MAX_REDIRECT_URLS);

export const redirectRequestSchema = z.object({
  urls: urlListSchema,
  /** Whose eyes to follow the redirects with; sites may send browsers and Googlebot different ways. */
  userAgent: z
    .enum(USER_AGENT_CHOICES as [UserAgentChoice, ...UserAgentChoice[]], {
      error: `userAgent must be one of: ${USER_AGENT_CHOICES.join(', ')}.`,
    })
    .default(DEFAULT_USER_AGENT),
});

const MIGRATION_ROWS_SHAPE = 'Send {"rows": [{"from": "...", "to": "..."}]} with one row per old URL.';

const migrationAgentSchema = z
  .enum(MIGRATION_AGENTS, { error: `userAgent must be one of: ${MIGRATION_AGENTS.join(', ')}.` })
  .optional();

/**
 * `POST /api/bulk-url-redirection/migration`: up to MIGRATION_BATCH_ROWS old → new rows per request
 * (the page sends a longer list in batches), each checked by the same rule as the CSV's rows.
 */
export const migrationRequestSchema = z.object({
  rows: z
    .array(
      z.object(
        {
          from: z.string({ error: 'Each row needs "from" and "to" as text.' }).trim(),
          to: z.string({ error: 'Each row needs "from" and "to" as text.' }).trim(),
        },
        { error: 'Each row must be {"from": "...", "to": "..."}.' },
      ),
      { error: MIGRATION_ROWS_SHAPE },
    )
    .min(1, 'Please enter at least one row: old URL, new URL.')
    .max(MIGRATION_BATCH_ROWS, `At most ${MIGRATION_BATCH_ROWS} rows per request: send a longer list in batches.`)
    .superRefine((rows, ctx) => {
      for (const [index, row] of rows.entries()) {
        const problem = rowProblem(row);
        if (problem) return void ctx.addIssue({ code: 'custom', message: `Row ${index + 1}: ${problem}` });
      }
    }),
  userAgent: migrationAgentSchema,
});

/**
 * The same endpoint with the CSV file itself (`{"csv": "..."}`): read by the page's rule, rows that
 * cannot be checked are skipped and named with their line in the answer, the rest (at most
 * MIGRATION_BATCH_ROWS) checked. An empty file, one with only a header, or one with no good row is refused.
 */
export const migrationCsvRequestSchema = z
  .object({
    csv: z.string({ error: 'csv must be the CSV file as text.' }),
    userAgent: migrationAgentSchema,
  })
  .transform(({ csv, userAgent }, ctx) => {
    const parsed = parseMigrationCsv(csv);
    if (!parsed.ok) {
      const first = parsed.skipped[0];
      ctx.addIssue({ code: 'custom', message: first ? `${parsed.error} ${skippedText(first)}` : parsed.error });
      return z.NEVER;
    }
    if (parsed.rows.length > MIGRATION_BATCH_ROWS) {
      ctx.addIssue({
        code: 'custom',
        message: `At most ${MIGRATION_BATCH_ROWS} rows per request (this CSV has ${parsed.rows.length}): send a longer list in batches.`,
      });
      return z.NEVER;
    }
    return { rows: parsed.rows, skipped: parsed.skipped, userAgent };
  });
