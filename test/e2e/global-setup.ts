import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { fixtureServers, type StartedFixture } from '../fixtures/registry.ts';
import { spawnOwned } from '../helpers/owned-processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    fixtures: Record<string, string>;
    dataDir: string;
  }
}

function waitForListening(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Starts the fixture servers and the built server (dist/server.js) once for all browser journeys. */
export default async function setup(project: TestProject) {
  const started: Array<StartedFixture & { name: string }> = [];
  for (const fixture of fixtureServers) started.push({ name: fixture.name, ...(await fixture.start()) });
  const dataDir = mkdtempSync(join(tmpdir(), 'seo-e2e-'));
  const env: Record<string, string> = {
    ...process.env,
    NODE_ENV: 'test',
    // Journeys run as an operator's site; sample mode is covered by test/sample-mode.test.ts.
    SITE_PROFILE: 'test/fixtures/profiles/operator.json',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    FETCH_ALLOW_PRIVATE: started.map((fixture) => new URL(fixture.origin).host).join(','),
    // Every journey is one visitor (127.0.0.1) of one server: the flood guard over all of /api is
    // meant for one person, not a whole suite (server/http/api-boundary.test.ts proves it).
    API_RATE_LIMIT: '1000000',
  };
  for (const fixture of started) Object.assign(env, fixture.env);
  const child = spawnOwned(process.execPath, ['dist/server.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await waitForListening(child);
  child.stdout?.resume();
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('fixtures', Object.fromEntries(started.map((fixture) => [fixture.name, fixture.origin])));
  project.provide('dataDir', dataDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    for (const fixture of started) await fixture.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
