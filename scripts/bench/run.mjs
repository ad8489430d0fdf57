// `npm run bench`: builds, then runs every benchmark in scripts/bench/ (each file but this one and
// lib/), one after another so they do not compete for the two cores. `npm run bench -- home` runs one
// (`monitoring` runs both monitoring benches).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

// A name that stands for several benches: the issue's `monitoring` is the alerts' and the watch's.
const ALIASES = { monitoring: ['monitoring', 'monitoring-watch'] };
const only = process.argv.slice(2).flatMap((name) => ALIASES[name] ?? [name]);
const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const benches = readdirSync('scripts/bench')
  .filter((file) => file.endsWith('.mjs') && file !== 'run.mjs')
  .filter((file) => only.length === 0 || only.includes(file.replace(/\.mjs$/, '')))
  .sort((a, b) => (a === 'home.mjs' ? -1 : b === 'home.mjs' ? 1 : a.localeCompare(b)));

let failed = false;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, [`scripts/bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
