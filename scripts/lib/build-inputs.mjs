// What `--if-needed` compares: one SHA-256 over the path and bytes of every build input. A newest
// mtime misses deleted and renamed files (nothing got newer) and files restored with old times
// (git checkout, cp -p, unpacked archives); a content hash notices all of them.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders and files the build reads, relative to the project root. */
export const BUILD_INPUTS = [
  'server',
  'client',
  'views',
  'db',
  'public',
  'scripts/build.mjs',
  'scripts/lib',
  'scripts/directories-check.ts',
  'scripts/submissions.ts',
  'scripts/backup.ts',
  'docs/profile.example.json',
  'package.json',
  'package-lock.json',
];

function walk(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => walk(join(path, name)));
}

/** Hex digest over the sorted relative paths and contents of every input under `root`. */
export function hashBuildInputs(root, inputs = BUILD_INPUTS) {
  const files = inputs
    .flatMap((input) => walk(join(root, input)))
    .map((file) => relative(root, file).split(sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // Length-prefixed so that moving bytes between a name and a body cannot give the same digest.
    const body = readFileSync(join(root, file));
    hash.update(`${file.length}:${file}\0${body.length}:`).update(body);
  }
  return hash.digest('hex');
}

/** True when `stampFile` holds the hash of the current inputs (and so the build is up to date). */
export function buildIsCurrent(root, stampFile, inputs = BUILD_INPUTS) {
  if (!existsSync(stampFile)) return false;
  return readFileSync(stampFile, 'utf8').trim() === hashBuildInputs(root, inputs);
}
