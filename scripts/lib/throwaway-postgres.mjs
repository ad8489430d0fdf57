// A throw-away PostgreSQL cluster for the tests and benches: Debian's server binaries, a new data
// directory under the system temp dir, listening on loopback on a free port (and a socket in the data
// directory), fsync off. `npm test` starts one unless TEST_DATABASE_URL names a server already.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function serverBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a server binary, as the `postgres` user when we are root (initdb refuses root). */
function run(bin, args) {
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { encoding: 'utf8' })
    : spawnSync(bin, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/**
 * Starts a cluster and answers `{ url, stop }`, or undefined when Debian's postgresql package is not
 * installed (the caller says so: the PostgreSQL half of the suites cannot run without it).
 */
export async function startThrowawayPostgres() {
  const bin = serverBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'seo-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=600`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
