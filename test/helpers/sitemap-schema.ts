import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The shared checkout sits beside the repository (../shared), here and in CI alike.
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SITEMAP_SCHEMA_DIR = join(REPO_ROOT, '..', 'shared', 'schemas', 'sitemaps.org');

function schemaFor(xml: string): string {
  const path = join(SITEMAP_SCHEMA_DIR, /<sitemapindex[\s>]/.test(xml.slice(0, 500)) ? 'siteindex.xsd' : 'sitemap.xsd');
  if (!existsSync(path))
    throw new Error(`sitemaps.org schema missing: ${path} (the shared checkout must sit beside the repository)`);
  return path;
}

/**
 * What `xmllint --schema` says against the official sitemaps.org XSD (sitemap.xsd for a urlset,
 * siteindex.xsd for an index): its error lines, none when the document is valid.
 */
export function sitemapSchemaErrors(xml: string): string[] {
  const run = spawnSync('xmllint', ['--noout', '--schema', schemaFor(xml), '-'], {
    input: xml,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.error) throw new Error(`xmllint could not run (Debian package libxml2-utils): ${run.error.message}`);
  if (run.status === 0) return [];
  const lines = run.stderr.split('\n').filter((line) => line && line !== '- fails to validate');
  return lines.length ? lines : [`xmllint exited with ${run.status}`];
}

/** Throws with xmllint's messages unless `xml` is a valid sitemap or sitemap index. */
export function assertValidSitemap(xml: string, name = 'sitemap'): void {
  const errors = sitemapSchemaErrors(xml);
  if (errors.length) throw new Error(`${name} fails the sitemaps.org schema:\n${errors.slice(0, 10).join('\n')}`);
}
