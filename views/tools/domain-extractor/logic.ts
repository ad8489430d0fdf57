import { isDomainName, parseWebUrl } from '../url-input.ts';

export const INPUT_REQUIRED = 'Input URLs are required';
export const INVALID_URL = 'Invalid URL';
export const EXTRACT_FAILED = 'Error extracting domains';
export const MAX_LINES = 5000;

export interface ExtractedLine {
  input: string;
  /** Hostname (punycode for IDN, no port) or, with `rootDomain`, the registrable domain; null when the line is not a URL. */
  domain: string | null;
  error?: typeof INVALID_URL;
}

export type ExtractResult = { ok: true; lines: ExtractedLine[] } | { ok: false; error: string };

export interface ExtractOptions {
  uniqueOnly?: boolean;
  stripWww?: boolean;
  /**
   * Maps a hostname to its registrable domain (`root-domain.ts`, passed in so this module stays
   * free of the suffix list). A host without one (an IP address, `localhost`) is kept as it is.
   */
  rootDomain?: (hostname: string) => string | null;
}

/**
 * A line with a scheme is read as a URL as is; a line without one must at least look like a
 * host name (`example.com/x`), so stray words are reported rather than turned into "hosts".
 */
function hostOf(line: string, stripWww: boolean): string | null {
  const url = parseWebUrl(line);
  if (!url) return null;
  const host = url.hostname.replace(/\.$/, '');
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(line);
  const isIp = /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
  if (!hasScheme && !isDomainName(host) && !isIp) return null;
  return stripWww && host.startsWith('www.') ? host.slice(4) : host;
}

export function extractDomains(text: string, options: ExtractOptions = {}): ExtractResult {
  const rows = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (rows.length === 0) return { ok: false, error: INPUT_REQUIRED };
  if (rows.length > MAX_LINES) {
    return {
      ok: false,
      error: `${EXTRACT_FAILED}: paste at most ${MAX_LINES.toLocaleString('en-US')} URLs at a time.`,
    };
  }
  const seen = new Set<string>();
  const lines: ExtractedLine[] = [];
  for (const input of rows) {
    const host = hostOf(input, options.stripWww ?? false);
    const domain = host && options.rootDomain ? (options.rootDomain(host) ?? host) : host;
    if (!domain) {
      lines.push({ input, domain: null, error: INVALID_URL });
      continue;
    }
    if (options.uniqueOnly) {
      if (seen.has(domain)) continue;
      seen.add(domain);
    }
    lines.push({ input, domain });
  }
  return { ok: true, lines };
}

/** What the copy button copies: one domain per line, invalid lines left out. */
export function domainsText(lines: readonly ExtractedLine[]): string {
  return lines.flatMap((line) => (line.domain ? [line.domain] : [])).join('\n');
}
