import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AssetManifest } from '#views/site-context.ts';
import { makeCachedBody, type CachedBody } from './page-cache.ts';

/** dist/public, from server/pages/assets.ts (source, two folders down) and from dist/server.js (bundle). */
export const publicDir = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../../dist/public/' : '../dist/public/', import.meta.url),
);

export function loadManifest(dir = publicDir): AssetManifest {
  const file = join(dir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`No build found at ${file}. Run "npm run build" first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as AssetManifest;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: CachedBody;
  type: string;
  cacheControl: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * The build output, loaded into memory once at boot (the set is small): hashed files under
 * /assets/ are immutable for a year, the rest (favicon, manifest) revalidate daily.
 */
export function loadStaticFiles(dir = publicDir): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(dir)) return files;
  for (const path of walk(dir)) {
    const url = `/${relative(dir, path).split(sep).join('/')}`;
    // Source maps would publish the original sources; the build makes none for the browser, and a
    // stray one (an old dist/, a hand-copied file) is still never served.
    if (url === '/manifest.json' || url.endsWith('.map')) continue;
    files.set(url, {
      body: makeCachedBody(readFileSync(path), /\.(js|css|svg|json|webmanifest|txt|xml|ico)$/.test(path)),
      type: types[extname(path)] ?? 'application/octet-stream',
      cacheControl: url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
    });
  }
  return files;
}
