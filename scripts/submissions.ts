/**
 * Operator CLI: `npm run submissions` prints every contact message and article submission as
 * tables (with the totals), `npm run submissions -- --json` prints every stored field. Reads
 * the database exactly like the server (DATABASE_URL, else DATA_DIR); safe while the server runs
 * (SQLite WAL readers do not block it, nor do PostgreSQL's).
 */
import { once } from 'node:events';
import { submissionsJson, submissionsTable } from '#db/submissions-report.ts';
import { loadCliConfig, openServerDatabase } from './lib/cli-config.ts';

/** Writes chunk by chunk, waiting whenever the terminal or pipe is full: rows stream, memory stays flat. */
async function writeAll(chunks: AsyncIterable<string>, out: NodeJS.WritableStream): Promise<void> {
  let buffered = '';
  for await (const chunk of chunks) {
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
  const db = await openServerDatabase(config);
  if (!db) return 1;
  try {
    await writeAll(argv.includes('--json') ? submissionsJson(db) : submissionsTable(db), process.stdout);
  } finally {
    await db.destroy();
  }
  return 0;
}

// `npm run submissions | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

process.exitCode = await main(process.argv.slice(2));
