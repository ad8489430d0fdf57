import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ENV_VARIABLES } from './index.ts';

/** The variables named in the first column of the README's configuration table. */
function documentedVariables(): string[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  const rows = section.split('\n').filter((line) => /^\| `/.test(line));
  return rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
}

test('the README configuration table lists exactly the variables the schema reads', () => {
  expect(documentedVariables().sort()).toEqual([...ENV_VARIABLES].sort());
});

test('no variable is declared by two fragments', () => {
  expect(new Set(ENV_VARIABLES).size).toBe(ENV_VARIABLES.length);
});
