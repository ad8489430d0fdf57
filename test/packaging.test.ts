import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';

/*
 * How the project installs (docs/decisions/0053). One Node line: package.json's engines, every dependency in the
 * lockfile, the Dockerfile's base image, the README and npm (which refuses, not warns, outside it) all agree;
 * kysely 0.29 wanted Node 22 while the rest said 20, and `npm ci` on Node 20 printed EBADENGINE. And every
 * dependency with an install script is declared in allowScripts (npm 11 lists the others on every install; npm
 * 12 will skip them).
 */

const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string; major: number } | null;
  satisfies(version: string, range: string): boolean;
};
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; hasInstallScript?: boolean }>;
};
const oldest = semver.minVersion(pkg.engines.node)!;

test('every dependency in the lockfile supports the oldest Node that package.json allows', () => {
  expect(oldest.version).toBe('20.19.0');
  const refusing = Object.entries(lock.packages)
    .filter(([path]) => path !== '')
    .flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !semver.satisfies(oldest.version, range) ? [`${path}@${entry.version} wants node ${range}`] : [];
    });
  expect(refusing).toEqual([]);
});

test('the Dockerfile, the README and npm are on the same line', () => {
  const images = [...readFileSync('Dockerfile', 'utf8').matchAll(/^FROM node:(\S+)/gm)].map((match) => match[1]);
  expect(images).toEqual([`${oldest.major}-bookworm-slim`, `${oldest.major}-bookworm-slim`]);
  expect(readFileSync('README.md', 'utf8')).toContain(
    `Node ${oldest.version.replace(/\.0$/, '')} or newer is required`,
  );
  expect(readFileSync('.npmrc', 'utf8').split('\n')).toContain('engine-strict=true');
});

test('every dependency that has an install script is declared in allowScripts, allowed or not', () => {
  const scripted = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
    .sort();
  expect(Object.keys(pkg.allowScripts).sort()).toEqual(scripted);
  // The two whose scripts are not needed: a prebuilt binary picked at run time, and a Java download.
  expect(pkg.allowScripts).toMatchObject({ 'msgpackr-extract': false, 'vnu-jar': false });
});
