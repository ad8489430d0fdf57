/**
 * robots.txt (RFC 9309, with Google's documented leniencies): one parser (robots-parse.ts) and one
 * matcher for the crawler and the index checker. Pure. Matching one path costs time linear in the
 * group's pattern bytes plus the path length per rule tried, never exponential (see docs/decisions/0027).
 */
import { groupsBuilder, robotsGroupsFor, robotsLines, type RobotsGroups, type RobotsRule } from './robots-parse.ts';

export {
  MAX_ROBOTS_BYTES,
  normalizePattern,
  robotsGroupsFor,
  robotsLines,
  type RobotsGroups,
  type RobotsKey,
  type RobotsLine,
  type RobotsRule,
} from './robots-parse.ts';

/**
 * The path, parameters and query of a URL as robots rules see them (`/` when empty; no
 * fragment). The URL is taken as given: callers pass URLs already percent-encoded, such as
 * WHATWG `URL#href` values.
 */
export function robotsPath(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = url.slice(searchStart).search(/[/?;]/);
  let protocolEnd = url.indexOf('://', searchStart);
  if (protocolEnd >= 0 && earlyPath >= 0 && earlyPath + searchStart < protocolEnd) protocolEnd = -1;
  const hostStart = protocolEnd < 0 ? searchStart : protocolEnd + 3;
  const offset = url.slice(hostStart).search(/[/?;]/);
  if (offset < 0) return '/';
  const pathStart = hostStart + offset;
  const hash = url.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash >= 0 ? hash : url.length);
  const normalized = path.includes('%') ? path.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()) : path;
  return normalized.startsWith('/') ? normalized : `/${normalized}`;
}

interface CompiledRule extends RobotsRule {
  /** Longest match wins: the pattern's length in octets. */
  priority: number;
  /** Pieces between `*`s; the first is anchored at the start of the path. */
  pieces: string[];
  /** Pattern ended with `$`: the last piece must end the path. */
  anchored: boolean;
  /** Characters the pattern needs outside `*`: a path shorter than this cannot match. */
  minLength: number;
}

/** Work done by matching (rules tried plus characters read), for tests that prove it linear. */
export const matchWork = { steps: 0 };

function compile(rule: RobotsRule): CompiledRule {
  const anchored = rule.pattern.endsWith('$');
  const body = anchored ? rule.pattern.slice(0, -1) : rule.pattern;
  const pieces = body.split('*');
  return { ...rule, priority: rule.pattern.length, pieces, anchored, minLength: pieces.join('').length };
}

/**
 * Where pieces occur in one path: a suffix automaton (built in time linear in the path) that
 * answers "first and last start of this piece" in time linear in the piece. Thousands of
 * wildcard rules then cost their own length each, not a scan of the path each.
 */
function pathIndex(path: string): Finder {
  // Transitions of every state in one map keyed by state × 2^16 + UTF-16 code unit.
  const next = new Map<number, number>();
  const edge = (state: number, code: number) => state * 0x10000 + code;
  const link = [-1];
  const len = [0];
  const firstEnd = [-1];
  const lastEnd = [-1];
  const edges: number[][] = [[]];
  let last = 0;
  for (let index = 0; index < path.length; index += 1) {
    const code = path.charCodeAt(index);
    const current = len.length;
    link.push(0);
    len.push(len[last] + 1);
    firstEnd.push(index);
    lastEnd.push(index);
    edges.push([]);
    let state = last;
    while (state !== -1 && !next.has(edge(state, code))) {
      next.set(edge(state, code), current);
      edges[state].push(code);
      state = link[state];
    }
    if (state !== -1) {
      const target = next.get(edge(state, code))!;
      if (len[state] + 1 === len[target]) link[current] = target;
      else {
        const clone = len.length;
        link.push(link[target]);
        len.push(len[state] + 1);
        firstEnd.push(firstEnd[target]);
        lastEnd.push(-1);
        edges.push([...edges[target]]);
        for (const out of edges[target]) next.set(edge(clone, out), next.get(edge(target, out))!);
        while (state !== -1 && next.get(edge(state, code)) === target) {
          next.set(edge(state, code), clone);
          state = link[state];
        }
        link[target] = clone;
        link[current] = clone;
      }
    }
    last = current;
  }
  // A state's last end is the latest end among the states whose suffix link leads to it.
  // Counting sort by length, longest first.
  const buckets: number[][] = Array.from({ length: path.length + 1 }, () => []);
  for (let state = 0; state < len.length; state += 1) buckets[len[state]].push(state);
  for (let length = path.length; length > 0; length -= 1)
    for (const state of buckets[length])
      if (link[state] > 0) lastEnd[link[state]] = Math.max(lastEnd[link[state]], lastEnd[state]);
  matchWork.steps += path.length;
  const fallbacks = new Map<number, number>();
  return {
    /** Leftmost start of `piece` at or after `from`, or -1. */
    find(piece: string, from: number): number {
      let state = 0;
      for (let index = 0; index < piece.length && state >= 0; index += 1)
        state = next.get(edge(state, piece.charCodeAt(index))) ?? -1;
      matchWork.steps += piece.length;
      if (state < 0) return -1;
      const first = firstEnd[state] - piece.length + 1;
      if (first >= from) return first;
      if (lastEnd[state] - piece.length + 1 < from) return -1;
      // It occurs both before and after `from`: scan, once per piece and start.
      const key = state * (path.length + 1) + from;
      let found = fallbacks.get(key);
      if (found === undefined) {
        found = path.indexOf(piece, from);
        matchWork.steps += found + piece.length - from;
        fallbacks.set(key, found);
      }
      return found;
    },
  };
}

/** Leftmost start of `piece` in the path at or after `from`, or -1. */
type Finder = { find(piece: string, from: number): number };

/** A plain scan: cheapest for the few wildcard rules of an ordinary robots.txt. */
function pathScanner(path: string): Finder {
  return {
    find(piece, from) {
      const found = path.indexOf(piece, from);
      matchWork.steps += (found < 0 ? path.length : found + piece.length) - from;
      return found;
    },
  };
}

/** Past this many wildcard rules in a group, each path is indexed once instead of scanned per rule. */
const INDEX_PATH_ABOVE_RULES = 32;

/**
 * `*` matches any run of characters and a final `$` the end of the path. Each piece is found
 * leftmost after the previous one, which is exact for `*`-only globs and never backtracks.
 */
function matches(rule: CompiledRule, path: string, index: () => Finder): boolean {
  matchWork.steps += 1;
  const { pieces } = rule;
  if (path.length < rule.minLength || !path.startsWith(pieces[0])) return false;
  let pos = pieces[0].length;
  const last = pieces.length - 1;
  if (last === 0) return !rule.anchored || path.length === pos;
  for (let at = 1; at < last; at += 1) {
    const piece = pieces[at];
    if (!piece) continue;
    const found = index().find(piece, pos);
    if (found < 0) return false;
    pos = found + piece.length;
  }
  const tail = pieces[last];
  if (rule.anchored) return path.length - tail.length >= pos && path.endsWith(tail);
  return !tail || index().find(tail, pos) >= 0;
}

export interface RobotsMatcher {
  /** The rule that decides `url` (the longest match, Allow on ties), or null when none matches. */
  decidingRule(url: string): RobotsRule | null;
  isAllowed(url: string): boolean;
  crawlDelaySeconds: number;
  sitemaps: string[];
  /** Lines no crawler understands (set by robotsMatcherSliced, which the crawl uses). */
  invalidLines?: RobotsInvalidLines;
}

export interface RobotsInvalidLines {
  count: number;
  /** The first one, as written (capped), with its line number. */
  first: { line: number; text: string } | null;
}

/** Directives other search engines read (Yandex, Bing, Cloudflare's content signals): not mistakes. */
const OTHER_ENGINES_DIRECTIVES = new Set(['host', 'clean-param', 'request-rate', 'visit-time', 'content-signal']);

/** Parses a robots.txt once for one user agent (its product token, matched case-insensitively). */
export function robotsMatcher(input: string | Uint8Array, agent: string): RobotsMatcher {
  const groups = robotsGroupsFor(input, agent);
  return matcherOf(groups, compileAll(groups.rules));
}

/**
 * `robotsMatcher` for the event loop that serves pages: a 500 KiB file of hostile rules takes
 * ~100 ms to read and compile, so it pauses (`breathe`) between lines and between rules.
 */
export async function robotsMatcherSliced(
  input: string | Uint8Array,
  agent: string,
  breathe: () => Promise<void>,
): Promise<RobotsMatcher> {
  const builder = groupsBuilder(agent);
  const invalidLines: RobotsInvalidLines = { count: 0, first: null };
  const invalid = (line: number, text: string) => {
    invalidLines.count += 1;
    invalidLines.first ??= { line, text: text.slice(0, 200) };
  };
  for (const entry of robotsLines(input, invalid)) {
    if (entry.key === 'unknown' && !OTHER_ENGINES_DIRECTIVES.has(entry.text.split(/[:\s]/)[0].toLowerCase()))
      invalid(entry.line, entry.text);
    builder.add(entry);
    await breathe();
  }
  const groups = builder.result();
  const compiled: CompiledRule[] = [];
  for (const rule of withIndexHtmlRules(groups.rules)) {
    compiled.push(compile(rule));
    await breathe();
  }
  return { ...matcherOf(groups, compiled), invalidLines };
}

/** Google treats an allowed `/dir/index.html` as allowing `/dir/` too. */
function withIndexHtmlRules(rules: RobotsRule[]): RobotsRule[] {
  const extra = rules.filter((rule) => rule.allow && rule.pattern.endsWith('/index.html'));
  return [...rules, ...extra.map((rule) => ({ ...rule, pattern: `${rule.pattern.slice(0, -'index.html'.length)}$` }))];
}

function compileAll(rules: RobotsRule[]): CompiledRule[] {
  return withIndexHtmlRules(rules).map(compile);
}

function matcherOf(groups: RobotsGroups, rules: CompiledRule[]): RobotsMatcher {
  // Tried in order of precedence, so the first match decides.
  rules.sort((a, b) => b.priority - a.priority || Number(b.allow) - Number(a.allow));
  const indexed = rules.filter((rule) => rule.pieces.length > 1).length > INDEX_PATH_ABOVE_RULES;
  function decidingRule(url: string): RobotsRule | null {
    const path = robotsPath(url);
    let built: Finder | null = null;
    const index = () => (built ??= indexed ? pathIndex(path) : pathScanner(path));
    for (const rule of rules) {
      if (matches(rule, path, index))
        return { allow: rule.allow, pattern: rule.pattern, line: rule.line, text: rule.text };
    }
    return null;
  }
  return {
    decidingRule,
    isAllowed: (url) => decidingRule(url)?.allow ?? true,
    crawlDelaySeconds: groups.crawlDelaySeconds,
    sitemaps: groups.sitemaps,
  };
}

/** A user agent we obey robots.txt for must be a bare product token (`Googlebot`, not `Googlebot/2.1`). */
export function isProductToken(agent: string): boolean {
  return /^[A-Za-z_-]+$/.test(agent);
}
