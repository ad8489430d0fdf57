import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

/*
 * The V8 flags the web server runs with (docs/decisions/0001 and 0048) are part of what the benches
 * measure: every place that starts it as an operator would must pass the same ones, or a bench
 * measures a server production does not run.
 */
const V8_FLAGS = ['--max-semi-space-size=8', '--initial-old-space-size=128'];

const read = (path: string) => readFileSync(path, 'utf8');
/** The `--flag=N` arguments given to node before `dist/server.js` (in a script: since its `process.execPath`). */
function flagsBefore(command: string): string[] {
  const end = command.indexOf('dist/server.js');
  const start = Math.max(0, command.lastIndexOf('process.execPath', end));
  return [...command.slice(start, end).matchAll(/--[a-z-]+=\d+/g)].map((match) => match[0]);
}

test('npm start, the Dockerfile and every script that starts the built server pass the same V8 flags', () => {
  const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!;
  const dockerCmd = read('Dockerfile')
    .split('\n')
    .find((line) => line.startsWith('CMD ['))!;
  const launchers = {
    'npm start': start.slice(start.lastIndexOf('&&')),
    'Dockerfile CMD': dockerCmd,
    'scripts/dev.mjs': read('scripts/dev.mjs'),
    'scripts/bench/lib/server.mjs': read('scripts/bench/lib/server.mjs'),
    'scripts/bench/crawl.mjs': read('scripts/bench/crawl.mjs').slice(
      read('scripts/bench/crawl.mjs').indexOf('const server = spawn'),
    ),
  };
  for (const [where, command] of Object.entries(launchers)) {
    expect(command, where).toContain('dist/server.js');
    expect(flagsBefore(command), where).toEqual(V8_FLAGS);
  }
  // Lighthouse starts the server through the benches' launcher, so it runs with the same flags.
  expect(read('scripts/lighthouse.mjs')).toContain("import { startBuiltServer } from './bench/lib/server.mjs';");
  expect(read('scripts/lighthouse.mjs')).toContain('await startBuiltServer(');
});
