// Builds the client islands, the shell script and the stylesheet (hashed, split, minified), copies
// public/ (images under public/img get hashed names), writes the asset manifest, and bundles the
// server. `--if-needed` skips the work when the inputs hash to what the last build recorded.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, hashBuildInputs } from './lib/build-inputs.mjs';
import { forbidServerImports } from './lib/forbid-server-imports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const out = join(dist, 'public');
const stampFile = join(dist, '.build-stamp');

function walk(path) {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => walk(join(path, name)));
}

if (process.argv.includes('--if-needed') && existsSync(join(dist, 'server.js')) && buildIsCurrent(root, stampFile))
  process.exit(0);
// Hashed before building: an input edited during the build makes the next --if-needed build again.
const inputsHash = hashBuildInputs(root);

// Imported only when a build is really needed, so a pruned production install can still start.
const esbuild = await import('esbuild');
const started = Date.now();
rmSync(dist, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Every island: views/**/…Widget.tsx, named by its path below views/ without the extension.
const islandFiles = walk(join(root, 'views')).filter((file) => /Widget\.tsx$/.test(file) && !file.includes('.test.'));
const islandEntries = Object.fromEntries(
  islandFiles.map((file) => [
    `islands/${relative(join(root, 'views'), file)
      .split(sep)
      .join('/')
      .replace(/\.tsx$/, '')}`,
    file,
  ]),
);

const client = await esbuild.build({
  absWorkingDir: root,
  entryPoints: {
    entry: 'client/entry.ts',
    shell: 'client/shell.ts',
    styles: 'client/styles/index.css',
    ...islandEntries,
  },
  outdir: join(out, 'assets'),
  entryNames: '[dir]/[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'files/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
  minify: true,
  // No source maps for the browser: production would publish the original sources. The server
  // bundle keeps its map (outside dist/public) for stack traces via --enable-source-maps.
  sourcemap: false,
  jsx: 'automatic',
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [forbidServerImports(root)],
});

const url = (file) => `/${relative(out, join(root, file)).split(sep).join('/')}`;
const outputs = client.metafile.outputs;
const byEntry = new Map();
for (const [file, info] of Object.entries(outputs)) if (info.entryPoint) byEntry.set(info.entryPoint, file);

/** Static imports of an output, transitively: what the browser will fetch right after it (preloaded). */
function staticImports(file, seen = new Set()) {
  for (const imp of outputs[file]?.imports ?? []) {
    if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
    seen.add(imp.path);
    staticImports(imp.path, seen);
  }
  return [...seen].map(url);
}

const outFor = (entry) => {
  const file = byEntry.get(entry);
  if (!file) throw new Error(`No output for ${entry}`);
  return file;
};

// Images under public/img: content-hashed copies under /assets/img, looked up by their original path.
const images = {};
const imgDir = join(root, 'public', 'img');
for (const file of walk(imgDir)) {
  const rel = relative(imgDir, file).split(sep).join('/');
  const hash = createHash('sha1').update(readFileSync(file)).digest('hex').slice(0, 10);
  const target = join(out, 'assets', 'img', dirname(rel), `${basename(rel, extname(rel))}-${hash}${extname(rel)}`);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(file, target);
  images[rel] = `/${relative(out, target).split(sep).join('/')}`;
}
for (const name of readdirSync(join(root, 'public'))) {
  if (name !== 'img') cpSync(join(root, 'public', name), join(out, name), { recursive: true });
}

const entryFile = outFor('client/entry.ts');
const manifest = {
  css: url(outFor('client/styles/index.css')),
  shell: url(outFor('client/shell.ts')),
  entry: url(entryFile),
  entryImports: staticImports(entryFile),
  islands: Object.fromEntries(
    Object.entries(islandEntries).map(([name, file]) => {
      const output = outFor(relative(root, file).split(sep).join('/'));
      return [name.replace(/^islands\//, ''), { src: url(output), imports: staticImports(output) }];
    }),
  ),
  images,
};
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));

// The server, the image encoder worker it forks (server/features/image-compressor/worker.ts) and
// the job threads it starts (server/lib/jobs/thread.ts, which imports the job definitions module
// by its URL: that module needs an entry of its own here too).
const serverEntries = {
  server: 'server/index.ts',
  'image-worker': 'server/features/image-compressor/worker.ts',
  'job-thread': 'server/lib/jobs/thread.ts',
  // A site audit's reader threads, started by its job thread (server/features/site-audit/reader/local-reads.ts).
  'site-audit-reader': 'server/features/site-audit/reader/thread.ts',
  // A site audit's store checks, beside its batches (server/features/site-audit/store-analysis/checks-thread-start.ts).
  'site-audit-checks': 'server/features/site-audit/store-analysis/checks-thread.ts',
  // The app's job definitions, imported by every job thread (server/job-system.ts).
  'job-definitions': 'server/jobs.ts',
};
await esbuild.build({
  absWorkingDir: root,
  entryPoints: serverEntries,
  outdir: dist,
  bundle: true,
  // Shared code and each job's module in chunks of their own, beside the entries (so paths relative
  // to import.meta.url hold): a job thread imports only its job's chunks (server/jobs.ts, decision 0059).
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // React and the router are bundled so `define` selects their production builds whatever NODE_ENV
  // the operator sets; everything else (native modules included) stays in node_modules.
  external: Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies).filter(
    (name) => !['react', 'react-dom', 'react-router'].includes(name),
  ),
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  jsx: 'automatic',
  sourcemap: 'linked',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

// Operator commands run with plain node, so the Docker image (no tsx, no sources) can run them too.
await esbuild.build({
  absWorkingDir: root,
  entryPoints: {
    'directories-check': 'scripts/directories-check.ts',
    'log-files': 'scripts/log-files.ts',
    submissions: 'scripts/submissions.ts',
    backup: 'scripts/backup.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies),
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  jsx: 'automatic',
  logLevel: 'warning',
});

writeFileSync(stampFile, inputsHash);
console.log(
  `built in ${Date.now() - started} ms: ${Object.keys(islandEntries).length} island(s), ${Object.keys(images).length} image(s)`,
);
