/**
 * The "too large" lines of what pages load, and how a size is said. A body sent without its length is
 * counted only to just past its line (server/features/site-audit/response-body.ts), so its size is
 * known only as "over the line": it is kept as the line plus one byte and said "over 150 KB", the
 * same however the body arrived in chunks.
 */
export const LARGE_IMAGE_BYTES = 100 * 1024;
export const LARGE_STYLESHEET_BYTES = 150 * 1024;
export const LARGE_SCRIPT_BYTES = 500 * 1024;

/** The size kept for a body counted past `line`. */
export const countedPast = (line: number): number => line + 1;

const LINES = [LARGE_IMAGE_BYTES, LARGE_STYLESHEET_BYTES, LARGE_SCRIPT_BYTES];

/** A size in words: "512 B", "191 KB", "2.4 MB", or "over 150 KB" for a body counted past a line. */
export function sizeText(bytes: number): string {
  const past = LINES.find((line) => bytes === countedPast(line));
  if (past !== undefined) return `over ${past / 1024} KB`;
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
