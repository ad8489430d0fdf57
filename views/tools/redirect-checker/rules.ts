// Kept apart from schema.ts so the island can show limits without bundling zod.
export const MAX_REDIRECT_URLS = 100;
export { MAX_URL_LENGTH } from '#views/model/url-input.ts';

/** Migration mode (issue 26): rows in one old → new CSV, and its size. */
export const MAX_MIGRATION_ROWS = 10_000;
export const MAX_MIGRATION_CSV_BYTES = 4 * 1024 * 1024;
/**
 * Rows per `POST /api/bulk-url-redirection/migration`: the page sends a long list as consecutive
 * batches of this many, each answered within the per-request deadline (every row is checked twice,
 * as Googlebot and as a browser, a few requests at a time per host).
 */
export const MIGRATION_BATCH_ROWS = 25;
