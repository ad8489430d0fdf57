/**
 * Operator CLI: `npm run directories:check` visits every site in the link-building directories
 * through the guarded fetcher and writes the results to DATA_DIR/directory-checks.json, which
 * the server reads at boot (sites failing two runs in a row are hidden until they pass again).
 * The build compiles this file to dist/directories-check.js, so the Docker image runs it with
 * plain node: `docker exec <container> node dist/directories-check.js`.
 */
import { directories } from '#views/directories/directories.ts';
import { loadConfig, type Config } from '#server/config/index.ts';
import { createSafeFetcher, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import {
  DEFAULT_CONCURRENCY,
  formatReport,
  looksLikeLocalOutage,
  readResults,
  resultsPath,
  runChecks,
  writeResults,
  type ListToCheck,
} from '#server/features/directories/check.ts';

export interface CheckCommandDeps {
  config: Pick<Config, 'dataDir' | 'fetchAllowPrivate' | 'siteUrl'>;
  lists: ListToCheck[];
  fetcher?: SafeFetcher;
  out: (text: string) => void;
  err: (text: string) => void;
  signal?: AbortSignal;
}

const USAGE = 'Usage: npm run directories:check [-- --concurrency=N]   (N from 1 to 16, default 6)\n';

export async function checkCommand(argv: string[], deps: CheckCommandDeps): Promise<number> {
  let concurrency = DEFAULT_CONCURRENCY;
  for (const arg of argv) {
    const match = /^--concurrency=(\d+)$/.exec(arg);
    if (arg === '--help') {
      deps.out(USAGE);
      return 0;
    }
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 16) {
      deps.err(`Unknown option: ${arg}\n${USAGE}`);
      return 2;
    }
    concurrency = Number(match[1]);
  }
  const file = resultsPath(deps.config.dataDir);
  const previous = readResults(file);
  const fetcher =
    deps.fetcher ??
    createSafeFetcher({
      allowPrivate: deps.config.fetchAllowPrivate,
      userAgent: `DelhiSeoToolsLinkChecker/1.0 (+${deps.config.siteUrl})`,
    });
  const urls = deps.lists.flatMap((list) => list.urls);
  const total = new Set(urls).size;
  deps.out(`Checking ${total} sites in ${deps.lists.length} lists, ${concurrency} at a time...\n`);
  const results = await runChecks({
    fetcher,
    urls,
    previous,
    concurrency,
    signal: deps.signal,
    onResult: (result, done) => {
      if (done % 25 === 0 || done === total) deps.out(`  ${done}/${total} checked\n`);
      if (result.outcome !== 'ok')
        deps.out(`  ${result.outcome}: ${result.url}${result.reason ? ` (${result.reason})` : ''}\n`);
    },
  });
  if (looksLikeLocalOutage(results)) {
    deps.err(
      `Most sites failed in this run, which usually means this machine has no working network or DNS. Nothing was recorded; ${file} keeps the previous results. Check the connection and run again.\n`,
    );
    return 1;
  }
  writeResults(file, results);
  deps.out(formatReport(deps.lists, results, file));
  return deps.signal?.aborted ? 130 : 0;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { cli: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  const lists = directories.map((directory) => ({
    slug: directory.slug,
    urls: directory.list.sites.map((site) => site.url),
  }));
  process.exitCode = await checkCommand(process.argv.slice(2), {
    config,
    lists,
    signal: controller.signal,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
}

// Run only as a program, not when a test imports checkCommand.
if (process.argv[1] && /directories-check\.(ts|js)$/.test(process.argv[1])) await main();
