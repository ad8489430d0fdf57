// `npm run dev`: build, start the server, and rebuild + restart whenever a source file changes.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';

let server;
let timer;

function build() {
  return new Promise((resolve) =>
    spawn(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' }).on('exit', resolve),
  );
}

async function restart() {
  const code = await build();
  if (code !== 0) return console.error('build failed; waiting for the next change');
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  server = spawn(
    process.execPath,
    ['--max-semi-space-size=8', '--initial-old-space-size=128', '--enable-source-maps', 'dist/server.js'],
    {
      stdio: 'inherit',
      env: { LOG_LEVEL: 'debug', ...process.env },
    },
  );
}

for (const dir of ['server', 'client', 'views', 'db', 'public']) {
  watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(restart, 150);
  });
}
process.on('SIGINT', () => {
  server?.kill('SIGTERM');
  process.exit(0);
});
await restart();
