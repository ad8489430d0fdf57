/**
 * Reading robots.txt (RFC 9309, with Google's documented leniencies): the lines, the groups that apply
 * to one user agent, their rules. Pure. robots-txt.ts matches paths against what this reads.
 */

/** Google reads the first 500 KiB of a robots.txt; RFC 9309 asks for at least that much. */
export const MAX_ROBOTS_BYTES = 500 * 1024;
/** Google cuts lines at 8 × 2,083 bytes (its buffer keeps one less); the rest of the line is ignored. */
const MAX_LINE_CHARS = 2083 * 8 - 1;

export type RobotsKey = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay' | 'unknown';

export interface RobotsLine {
  /** 1-based line number, counting CR, LF and CRLF endings alike. */
  line: number;
  key: RobotsKey;
  value: string;
  /** The line as written (trimmed), for quoting in reports. */
  text: string;
}

export interface RobotsRule {
  allow: boolean;
  /** The pattern with non-ASCII percent-encoded and escapes in upper case. */
  pattern: string;
  line: number;
  text: string;
}

const KEYS: Record<string, RobotsKey> = {
  'user-agent': 'user-agent',
  useragent: 'user-agent',
  'user agent': 'user-agent',
  allow: 'allow',
  disallow: 'disallow',
  // Misspellings Google accepts.
  dissallow: 'disallow',
  dissalow: 'disallow',
  disalow: 'disallow',
  diasllow: 'disallow',
  disallaw: 'disallow',
  sitemap: 'sitemap',
  'site-map': 'sitemap',
  'crawl-delay': 'crawl-delay',
};

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Drops a whole or partial UTF-8 byte-order mark and anything past the size cap, then decodes.
 * A line cut by the cap is dropped too: its rule would be broader than the one written.
 */
function decode(input: string | Uint8Array): string {
  let text: string;
  let cut: boolean;
  if (typeof input === 'string') {
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    cut = text.length > MAX_ROBOTS_BYTES;
    text = text.slice(0, MAX_ROBOTS_BYTES);
  } else {
    let start = 0;
    while (start < BOM.length && input[start] === BOM[start]) start += 1;
    // A fetch capped at the limit arrives exactly that long: it may have been cut.
    cut = input.length >= MAX_ROBOTS_BYTES;
    text = new TextDecoder().decode(input.subarray(start, Math.min(input.length, MAX_ROBOTS_BYTES)));
  }
  if (!cut) return text;
  const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
  return text.slice(0, lastBreak + 1);
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c;
}

/** Trims spaces and tabs only: String#trim would also eat a stray U+FEFF, which must spoil the line. */
function trimBlank(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(text.charCodeAt(start))) start += 1;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

/** `key: value`, or (as Google accepts) `key value` when the value is a single word. */
function splitLine(content: string): { name: string; value: string } | null {
  let sep = content.indexOf(':');
  let valueStart = sep + 1;
  if (sep < 0) {
    sep = content.search(/[ \t]/);
    if (sep < 0) return null;
    valueStart = sep;
    if (/[ \t]/.test(trimBlank(content.slice(valueStart)))) return null;
  }
  const name = trimBlank(content.slice(0, sep));
  if (!name) return null;
  return { name, value: trimBlank(content.slice(valueStart)) };
}

/**
 * The directives of a robots.txt in file order; comments, blank lines and unparseable lines are left
 * out (`onUnparseable` hears of the last).
 */
export function* robotsLines(
  input: string | Uint8Array,
  onUnparseable?: (line: number, text: string) => void,
): Generator<RobotsLine> {
  const text = decode(input);
  let line = 0;
  let start = 0;
  while (start <= text.length) {
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 0x0a && text.charCodeAt(end) !== 0x0d) end += 1;
    line += 1;
    const raw = text.slice(start, Math.min(end, start + MAX_LINE_CHARS));
    start = end + (text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? 2 : 1);
    const hash = raw.indexOf('#');
    const content = trimBlank(hash >= 0 ? raw.slice(0, hash) : raw);
    const pair = splitLine(content);
    if (!pair) {
      if (content && onUnparseable) onUnparseable(line, trimBlank(raw));
      continue;
    }
    yield { line, key: KEYS[pair.name.toLowerCase()] ?? 'unknown', value: pair.value, text: trimBlank(raw) };
  }
}

/** Percent-encodes non-ASCII and upper-cases existing escapes, as Google does to patterns. */
export function normalizePattern(pattern: string): string {
  if (!/[%\u0080-\uffff]/.test(pattern)) return pattern;
  return pattern.replace(/%[0-9a-fA-F]{2}|[\u0080-\uffff]+/g, (match) => {
    if (match.charCodeAt(0) === 0x25) return match.toUpperCase();
    let encoded = '';
    for (const byte of new TextEncoder().encode(match))
      encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    return encoded;
  });
}

/**
 * The product token of a user-agent line, lower-cased: `*` for the global group, else the leading
 * run of letters, `_` and `-` (Google obeys `Googlebot Images` and `Googlebot/2.1` as `googlebot`).
 */
function agentToken(value: string): string {
  if (value.startsWith('*') && (value.length === 1 || isBlank(value.charCodeAt(1)))) return '*';
  return (/^[A-Za-z_-]*/.exec(value)?.[0] ?? '').toLowerCase();
}

export interface RobotsGroups {
  /** Rules (in file order, duplicates dropped) of every group naming `agent`, or of every `*` group when none does. */
  rules: RobotsRule[];
  /** Crawl-delay in seconds of the first such group that sets one; 0 when unset. */
  crawlDelaySeconds: number;
  /** `Sitemap:` values anywhere in the file, in file order. */
  sitemaps: string[];
}

/**
 * Groups as RFC 9309 builds them: consecutive user-agent lines share a group; a rule line ends
 * the run; rules before any user-agent line belong to no group; sitemap and unknown lines do not
 * close a group. All groups naming the agent are merged.
 */
export function robotsGroupsFor(input: string | Uint8Array, agent: string): RobotsGroups {
  const groups = groupsBuilder(agent);
  for (const entry of robotsLines(input)) groups.add(entry);
  return groups.result();
}

/** `robotsGroupsFor` line by line, so a caller can pause between lines (see robotsMatcherSliced). */
export function groupsBuilder(agent: string) {
  const wanted = agent.toLowerCase();
  const specific: RobotsRule[] = [];
  const global: RobotsRule[] = [];
  const delays = { specific: 0, global: 0 };
  let seenSpecific = false;
  const sitemaps: string[] = [];
  let target: { specific: boolean; global: boolean } | null = null;
  let inRules = false;
  function add(entry: RobotsLine): void {
    if (entry.key === 'sitemap') {
      if (entry.value) sitemaps.push(entry.value);
    } else if (entry.key === 'user-agent') {
      if (!target || inRules) target = { specific: false, global: false };
      inRules = false;
      const token = agentToken(entry.value);
      if (token === '*') target.global = true;
      else if (token && token === wanted) {
        target.specific = true;
        seenSpecific = true;
      }
    } else if (entry.key === 'allow' || entry.key === 'disallow' || entry.key === 'crawl-delay') {
      if (!target) return;
      inRules = true;
      if (entry.key === 'crawl-delay') {
        const seconds = Number.parseFloat(entry.value);
        const delay = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
        if (target.specific && !delays.specific) delays.specific = delay;
        if (target.global && !delays.global) delays.global = delay;
        return;
      }
      if (!entry.value) return;
      const rule = {
        allow: entry.key === 'allow',
        pattern: normalizePattern(entry.value),
        line: entry.line,
        text: entry.text,
      };
      if (target.specific) specific.push(rule);
      if (target.global) global.push(rule);
    }
  }
  return {
    add,
    result: (): RobotsGroups => ({
      rules: dedupe(seenSpecific ? specific : global),
      crawlDelaySeconds: seenSpecific ? delays.specific : delays.global,
      sitemaps,
    }),
  };
}

function dedupe(rules: RobotsRule[]): RobotsRule[] {
  const seen = new Set<string>();
  return rules.filter((rule) => {
    const key = `${rule.allow ? 'A' : 'D'}${rule.pattern}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
