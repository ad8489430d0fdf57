// `npm test`: typecheck, lint, format check, build, unit + API tests, then browser journeys. Ends with one line
// "N passed, N failed" counting every test (a failed typecheck, lint or build counts as one failure).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { startThrowawayPostgres } from './lib/throwaway-postgres.mjs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
let passed = 0;
let failed = 0;

function run(label, command, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
  });
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load has no tests but is still a failure.
  failed += report.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
  ).length;
  return true;
}

// Every data-layer and API suite runs on SQLite and on PostgreSQL: use TEST_DATABASE_URL's server, or
// start a throw-away cluster from Debian's postgresql package (stopped and deleted at the end).
let postgres;
if (!process.env.TEST_DATABASE_URL) {
  postgres = await startThrowawayPostgres();
  if (postgres) process.env.TEST_DATABASE_URL = postgres.url;
  else
    console.log('PostgreSQL is not installed (Debian: apt-get install postgresql): its half of the suites will fail');
}
process.on('exit', () => postgres?.stop());

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
if (!run('typecheck', npx, ['tsc', '-p', 'tsconfig.json'])) failed += 1;
if (!run('lint', npx, ['eslint', '.'])) failed += 1;
// The formatter keeps every line at 120 characters or fewer (`npm run format` fixes what this finds).
if (!run('format', npx, ['prettier', '--check', '.'])) failed += 1;
const built = run('build', process.execPath, ['scripts/build.mjs']);
if (!built) failed += 1;
if (built) {
  for (const project of ['unit', 'e2e']) {
    const file = `${results}/${project}.json`;
    const ok = run(`${project} tests`, npx, [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
    if (!countVitest(file) && !ok) failed += 1;
  }
}

writeFileSync(`${results}/summary.json`, JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
