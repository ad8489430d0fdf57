import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The official schemas ship with the project (test/schemas/sitemaps.org/README.md says where from): a fresh clone has them.
export const SITEMAP_SCHEMA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'schemas', 'sitemaps.org');

let laxSchema: string | undefined;

/**
 * sitemap.xsd with its `##other` wildcards processed laxly: the sitemaps.org schema admits other
 * namespaces' elements in a <url> (Google's image:image, xhtml:link) but, being strict, demands
 * their schemas, which test/schemas does not hold. Lax still validates the core sitemap
 * fully; the tests assert the extension elements exactly.
 */
function laxSitemapSchema(strict: string): string {
  if (!laxSchema) {
    const text = readFileSync(strict, 'utf8');
    const lax = text.replaceAll('processContents="strict"', 'processContents="lax"');
    if (lax === text) throw new Error(`no strict wildcard to relax in ${strict}`);
    laxSchema = join(mkdtempSync(join(tmpdir(), 'sitemap-xsd-')), 'sitemap-lax.xsd');
    writeFileSync(laxSchema, lax);
  }
  return laxSchema;
}

/** Google's extension namespaces a generated urlset may declare. */
const EXTENSIONS = /<urlset[^>]*\sxmlns:(?:image|xhtml)=/;

function schemaFor(xml: string): string {
  const head = xml.slice(0, 500);
  const path = join(SITEMAP_SCHEMA_DIR, /<sitemapindex[\s>]/.test(head) ? 'siteindex.xsd' : 'sitemap.xsd');
  if (!existsSync(path))
    throw new Error(`sitemaps.org schema missing: ${path} (test/schemas/sitemaps.org ships with the project)`);
  return EXTENSIONS.test(head) ? laxSitemapSchema(path) : path;
}

/**
 * What `xmllint --schema` says against the official sitemaps.org XSD (sitemap.xsd for a urlset,
 * siteindex.xsd for an index; a urlset declaring Google's image or xhtml namespace against the
 * lax copy): its error lines, none when the document is valid.
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
