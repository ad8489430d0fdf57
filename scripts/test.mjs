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
/** What failed, repeated at the very end: a CI log often keeps only its tail. */
const failures = [];

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
  for (const suite of report.testResults) {
    const where = suite.name.replace(`${process.cwd()}/`, '');
    for (const test of suite.assertionResults)
      if (test.status === 'failed')
        failures.push(`${where}: ${test.fullName}: ${test.failureMessages[0]?.split('\n')[0] ?? ''}`);
    // A file that failed to load has no tests but is still a failure.
    if (suite.status === 'failed' && suite.assertionResults.length === 0) {
      failed += 1;
      failures.push(`${where}: did not load: ${suite.message?.split('\n')[0] ?? ''}`);
    }
  }
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
/** A step that is not a test suite counts as one failure when it fails. */
function step(label, command, args) {
  const ok = run(label, command, args);
  if (!ok) {
    failed += 1;
    failures.push(`${label} failed (its output is above)`);
  }
  return ok;
}
step('typecheck', npx, ['tsc', '-p', 'tsconfig.json']);
step('lint', npx, ['eslint', '.']);
// The formatter keeps every line at 120 characters or fewer (`npm run format` fixes what this finds).
step('format', npx, ['prettier', '--check', '.']);
const built = step('build', process.execPath, ['scripts/build.mjs']);
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
    if (!countVitest(file) && !ok) {
      failed += 1;
      failures.push(`${project} tests did not report (their output is above)`);
    }
  }
}

writeFileSync(`${results}/summary.json`, JSON.stringify({ passed, failed }));
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
