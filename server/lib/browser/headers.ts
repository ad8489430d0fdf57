// The fetcher hands back decoded bodies, so length and encoding headers would lie to Chromium.
const DROPPED_RESPONSE_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/** A guarded fetcher's response headers as a route answered to Chromium may carry them. */
export function keptHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!DROPPED_RESPONSE_HEADERS.has(name)) kept[name] = value;
  return kept;
}
