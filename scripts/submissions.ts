/**
 * Operator CLI: `npm run submissions` prints contact messages and article submissions as tables,
 * `npm run submissions -- --json` prints every stored field. Reads DATA_DIR exactly like the server.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '#server/config/index.ts';
import { databaseFile, openDatabase } from '#db/index.ts';
import { submissionsJson, submissionsTable } from '#db/submissions-report.ts';

function main(argv: string[]): number {
  const unknown = argv.filter((arg) => arg !== '--json');
  if (unknown.length > 0) {
    process.stderr.write(`Unknown option: ${unknown.join(' ')}\nUsage: npm run submissions [-- --json]\n`);
    return 2;
  }
  const config = loadConfig(process.env, { cli: true });
  const file = databaseFile(config.dataDir);
  if (!existsSync(file)) {
    process.stderr.write(`No database at ${file}. Set DATA_DIR to the directory the server uses.\n`);
    return 1;
  }
  const db = openDatabase(file);
  try {
    process.stdout.write(argv.includes('--json') ? `${JSON.stringify(submissionsJson(db), null, 2)}\n` : submissionsTable(db));
  } finally {
    db.close();
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
