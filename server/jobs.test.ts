import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { loadJobDefinitions } from './lib/jobs/index.ts';
import { jobModules } from './jobs.ts';

test("each job's loader imports the job of that name", async () => {
  const definitions = await loadJobDefinitions(jobModules);
  expect(definitions.map((definition) => definition.name)).toEqual(Object.keys(jobModules));
});

test("the job threads' module imports no job's module up front: a thread imports only the jobs it runs", () => {
  const source = readFileSync(new URL('./jobs.ts', import.meta.url), 'utf8');
  const staticImports = [...source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
    (match) => match[1],
  );
  // Only the threads' deps, which every job uses.
  expect(staticImports).toEqual(['./job-deps.ts']);
});
