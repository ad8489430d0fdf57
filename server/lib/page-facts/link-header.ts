// Read by the index checker and the site audit: one parser for the canonical a server sends in its headers.
/** Canonical from the HTTP Link header, e.g. `<https://x/a>; rel="canonical"`. */
export function canonicalFromLinkHeader(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (match && /rel\s*=\s*"?canonical"?/i.test(match[2])) return match[1].trim();
  }
  return null;
}
