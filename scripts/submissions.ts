/**
 * Operator CLI: `npm run submissions` prints every contact message and article submission as
 * tables (with the totals), `npm run submissions -- --json` prints every stored field. Reads
 * DATA_DIR exactly like the server; safe while the server runs (SQLite WAL readers do not block it).
 */
import { once } from 'node:events';
import { openDatabase } from '#db/index.ts';
import { submissionsJson, submissionsTable } from '#db/submissions-report.ts';
import { existingDatabase, loadCliConfig } from './lib/cli-config.ts';

/** Writes chunk by chunk, waiting whenever the terminal or pipe is full: rows stream, memory stays flat. */
async function writeAll(chunks: Iterable<string>, out: NodeJS.WritableStream): Promise<void> {
  let buffered = '';
  for (const chunk of chunks) {
    buffered += chunk;
    if (buffered.length < 64 * 1024) continue;
    if (!out.write(buffered)) await once(out, 'drain');
    buffered = '';
  }
  if (buffered && !out.write(buffered)) await once(out, 'drain');
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--json');
  if (unknown.length > 0) {
    process.stderr.write(`Unknown option: ${unknown.join(' ')}\nUsage: npm run submissions [-- --json]\n`);
    return 2;
  }
  const config = loadCliConfig();
  const file = existingDatabase(config);
  if (!file) return 1;
  const db = openDatabase(file);
  try {
    await writeAll(argv.includes('--json') ? submissionsJson(db) : submissionsTable(db), process.stdout);
  } finally {
    db.close();
  }
  return 0;
}

// `npm run submissions | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

process.exitCode = await main(process.argv.slice(2));
