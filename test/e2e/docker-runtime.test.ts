import { execFile, type SpawnOptions } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { operatorProfilePath } from '#test/helpers/business.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

/*
 * No container engine runs here, so this test does what the image does, from the Dockerfile itself:
 * it copies exactly what the runtime stage COPYs (node_modules pruned to production dependencies,
 * as the build stage's `npm prune --omit=dev` leaves them), applies the stage's ENV, and runs its
 * CMD, its HEALTHCHECK and the operator commands as a non-root user against a DATA_DIR volume.
 */

const run = promisify(execFile);
const root = process.cwd();

interface RuntimeStage {
  env: Record<string, string>;
  copies: Array<{ from: string; to: string }>;
  workdir: string;
  healthcheck: string[];
  cmd: string[];
  volume: string;
}

/** The last stage of the Dockerfile, with line continuations joined. */
function runtimeStage(): RuntimeStage {
  const text = readFileSync(join(root, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const stage = text.slice(text.lastIndexOf('\nFROM '));
  const lines = stage.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  const env: Record<string, string> = {};
  const copies: RuntimeStage['copies'] = [];
  let workdir = '/';
  let healthcheck: string[] = [];
  let cmd: string[] = [];
  let volume = '';
  for (const line of lines) {
    const [instruction, ...rest] = line.trim().split(/\s+/);
    const args = rest.join(' ');
    if (instruction === 'ENV') for (const [, name, value] of args.matchAll(/(\w+)=(\S+)/g)) env[name!] = value!;
    if (instruction === 'WORKDIR') workdir = args;
    if (instruction === 'VOLUME') volume = (JSON.parse(args) as string[])[0]!;
    if (instruction === 'CMD') cmd = JSON.parse(args) as string[];
    if (instruction === 'HEALTHCHECK') healthcheck = ['sh', '-c', args.slice(args.indexOf(' CMD ') + 5)];
    if (instruction === 'COPY') {
      const match = /^--from=build (\S+) (\S+)$/.exec(args);
      if (!match) throw new Error(`runtime stage copies something this test does not know how to assemble: ${line}`);
      copies.push({ from: match[1]!, to: match[2]! });
    }
  }
  return { env, copies, workdir, healthcheck, cmd, volume };
}

/** The non-root account the processes run as: `nobody` when the test runs as root, else the current user. */
function account(): { uid: number; gid: number } | undefined {
  return process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
}

/** The image's /app: every COPY --from=build of the runtime stage, from this checkout's build output. */
async function assembleImage(stage: RuntimeStage): Promise<{ app: string; data: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'docker-runtime-'));
  chmodSync(dir, 0o755);
  const app = join(dir, 'app');
  mkdirSync(app);
  for (const { from, to } of stage.copies) {
    const source = join(root, from.replace(/^\/app\/?/, ''));
    const target = join(app, to);
    if (from === '/app/node_modules') {
      // Hard links: a fast copy of the installed tree (through a symlinked node_modules, as worktrees
      // sharing one install have), then pruned exactly as the build stage does.
      await run('cp', ['-al', realpathSync(source), target]);
      rmSync(join(target, '.package-lock.json'));
      cpSync(realpathSync(join(source, '.package-lock.json')), join(target, '.package-lock.json'));
      cpSync(join(root, 'package-lock.json'), join(app, 'package-lock.json'));
      cpSync(join(root, '.npmrc'), join(app, '.npmrc'));
    } else {
      cpSync(source, target, { recursive: true });
    }
  }
  await run('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], { cwd: app });
  // The build stage's lockfile and npmrc are not copied into the image.
  rmSync(join(app, 'package-lock.json'));
  rmSync(join(app, '.npmrc'));
  // `RUN mkdir -p /data && chown node:node /data`: the volume belongs to the unprivileged user.
  const data = join(dir, 'data');
  mkdirSync(data);
  const user = account();
  if (user) chownSync(data, user.uid, user.gid);
  return { app, data, dir };
}

function spawnAs(command: string[], options: SpawnOptions) {
  return spawnOwned(command[0] === 'node' ? process.execPath : command[0]!, command.slice(1), {
    ...account(),
    ...options,
  });
}

/** Runs a command to its end as the non-root user; resolves with its exit code and output. */
function runAs(
  command: string[],
  options: SpawnOptions,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawnAs(command, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('the runtime stage as assembled runs the server, its healthcheck, submissions and backup as a non-root user', async () => {
  const stage = runtimeStage();
  expect(stage.copies.map((copy) => copy.from)).toEqual([
    '/app/package.json',
    '/app/node_modules',
    '/app/dist',
    '/app/db/migrations',
    '/app/db/seed',
  ]);
  expect(stage.cmd.slice(-1)).toEqual(['dist/server.js']);
  const { app, data, dir } = await assembleImage(stage);
  try {
    // Nothing dev-only or source-only made it in: the image runs compiled JavaScript with plain node.
    expect(readdirSync(app).sort()).toEqual(['db', 'dist', 'node_modules', 'package.json']);
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'vitest'))).toBe(false);
    for (const command of ['server.js', 'submissions.js', 'backup.js'])
      expect(existsSync(join(app, 'dist', command)), command).toBe(true);

    cpSync(operatorProfilePath, join(data, 'profile.json'));
    chmodSync(join(data, 'profile.json'), 0o644);
    const env = {
      PATH: process.env.PATH ?? '',
      ...stage.env,
      [`DATA_DIR`]: data,
      PORT: '0',
      SITE_URL: 'https://seo.example.in',
      SITE_PROFILE: join(data, 'profile.json'),
    };
    expect(stage.env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: stage.volume });

    // Without SITE_URL the image refuses to start, naming the variable (NODE_ENV=production).
    const refused = await runAs(stage.cmd, { cwd: app, env: { ...env, SITE_URL: '' } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'SITE_URL must be set when NODE_ENV=production: the public origin of the site, such as https://www.example.com\n',
    );

    const server = spawnAs(stage.cmd, {
      cwd: app,
      env: { ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    let log = '';
    const port = await new Promise<number>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => {
        log += chunk;
        const match = /"port":(\d+)/.exec(log);
        if (match) resolve(Number(match[1]));
      });
      server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${log}`)));
    });
    try {
      expect((await runAs(stage.healthcheck, { cwd: app, env: { ...env, PORT: String(port) } })).code).toBe(0);
      const lead = await fetch(`http://127.0.0.1:${port}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Docker Lead',
          email: 'docker@example.in',
          message: 'Sent to the assembled image.',
        }),
      });
      expect(lead.status).toBe(201);
      // The database on the volume was created by the unprivileged user, not root.
      expect(statSync(join(data, 'site.db')).uid).toBe(account()?.uid ?? process.getuid?.());

      const submissions = await runAs(['node', 'dist/submissions.js'], { cwd: app, env });
      expect(submissions).toMatchObject({ code: 0, stderr: '' });
      expect(submissions.stdout).toContain('Contact messages (1), newest first');
      expect(submissions.stdout).toMatch(/Docker Lead +docker@example\.in +Sent to the assembled image\./);

      const backup = await runAs(['node', 'dist/backup.js'], { cwd: app, env });
      expect(backup).toMatchObject({ code: 0, stderr: '' });
      const [copy] = readdirSync(join(data, 'backups'));
      expect(backup.stdout).toContain(`to ${join(data, 'backups', copy!)} (`);
      const restored = new Database(join(data, 'backups', copy!), { readonly: true });
      expect(restored.prepare('SELECT name FROM contact_messages').all()).toEqual([{ name: 'Docker Lead' }]);
      restored.close();
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
