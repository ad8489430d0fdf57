/**
 * `npm run refresh-bot-ranges`: reads again the IP ranges bot operators publish (each source's URL is
 * in its file, server/features/log-files/bot-ranges/<name>.json) through the guarded fetcher, and
 * rewrites each file whose download is a valid range list: the URL, today's date, the publisher's
 * `creationTime` and its prefixes, one a line (so `git diff` shows what the operator added or
 * removed). A source that fails keeps its file; the command then exits 1 naming it. Commit the
 * result: the ranges ship with the code.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { RANGE_FILES, type RangeFile } from '#server/features/log-files/ranges.ts';
import { createAppFetcher } from '#server/lib/safe-fetch/app-fetcher.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { loadCliConfig } from './lib/cli-config.ts';

export const RANGES_DIR = fileURLToPath(new URL('../server/features/log-files/bot-ranges/', import.meta.url));

/** A range file as shipped: the same fields in the same order, one prefix a line. */
export function rangeFileText(file: RangeFile): string {
  const head = {
    source: file.source,
    retrieved: file.retrieved,
    ...(file.via ? { via: file.via } : {}),
    creationTime: file.creationTime,
  };
  const prefixes = file.prefixes.map((prefix) => `    ${JSON.stringify(prefix)}`).join(',\n');
  return `${JSON.stringify(head, null, 2).replace(/\n}$/, ',\n')}  "prefixes": [\n${prefixes}\n  ]\n}\n`;
}

/** The publisher's document as a range file, or why it is not one (nothing is written then). */
export function parseDownload(source: string, text: string, today: string): RangeFile | string {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return 'the answer is not JSON';
  }
  const { creationTime, prefixes } = (document ?? {}) as { creationTime?: unknown; prefixes?: unknown };
  if (!Array.isArray(prefixes) || prefixes.length === 0) return 'the answer has no "prefixes" list';
  const kept: RangeFile['prefixes'] = [];
  for (const prefix of prefixes as Array<Record<string, unknown>>) {
    const cidr = prefix?.ipv4Prefix ?? prefix?.ipv6Prefix;
    if (typeof cidr !== 'string' || !ipaddr.isValidCIDR(cidr))
      return `${JSON.stringify(prefix)} is not an address range`;
    kept.push(typeof prefix.ipv4Prefix === 'string' ? { ipv4Prefix: cidr } : { ipv6Prefix: cidr });
  }
  return {
    source,
    retrieved: today,
    creationTime: typeof creationTime === 'string' ? creationTime : '',
    prefixes: kept,
  };
}

export interface RefreshDeps {
  fetcher: SafeFetcher;
  /** Where the files are (the shipped folder; tests give a copy). */
  dir: string;
  /** Which sources, by name (default: every shipped one), and where each is read (default: its file's `source`). */
  sources?: Record<string, string>;
  today?: string;
  out: (text: string) => void;
}

/** Refreshes every source; answers the names that failed. */
export async function refreshBotRanges(deps: RefreshDeps): Promise<string[]> {
  const today = deps.today ?? new Date().toISOString().slice(0, 10);
  const sources =
    deps.sources ?? Object.fromEntries(Object.entries(RANGE_FILES).map(([name, file]) => [name, file.source]));
  const failed: string[] = [];
  for (const [name, url] of Object.entries(sources)) {
    const path = `${deps.dir}/${name}.json`;
    try {
      const answer = await deps.fetcher.fetch(url, { timeoutMs: 30_000, maxBytes: 8 * 1024 * 1024 });
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
      const parsed = parseDownload(url, answer.body.toString('utf8'), today);
      if (typeof parsed === 'string') throw new Error(parsed);
      const before = readFileSync(path, 'utf8');
      writeFileSync(path, rangeFileText(parsed));
      const changed =
        before !== rangeFileText({ ...(JSON.parse(before) as RangeFile), retrieved: today, via: undefined });
      deps.out(
        `${name}: ${parsed.prefixes.length} prefixes (published ${parsed.creationTime || 'undated'})${changed ? ', changed' : ''}\n`,
      );
    } catch (error) {
      failed.push(name);
      deps.out(`${name}: NOT refreshed: ${url}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  return failed;
}

async function main(): Promise<void> {
  const config = loadCliConfig();
  const failed = await refreshBotRanges({
    fetcher: createAppFetcher(config),
    dir: RANGES_DIR,
    out: (text) => process.stdout.write(text),
  });
  if (failed.length > 0) process.stderr.write(`Not refreshed: ${failed.join(', ')}; their files are unchanged.\n`);
  process.exit(failed.length > 0 ? 1 : 0);
}

// Run only as a program, not when a test imports refreshBotRanges.
if (process.argv[1] && /refresh-bot-ranges\.(ts|js)$/.test(process.argv[1])) await main();
