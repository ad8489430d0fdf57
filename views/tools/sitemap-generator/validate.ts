/**
 * What `Check` verifies in the sitemap file it downloads, per sitemaps.org: well-formed XML whose
 * root is a `<urlset>` or `<sitemapindex>` in the sitemap namespace, each entry with exactly one
 * absolute http(s) `<loc>` of at most 2,048 characters, a W3C date in any `<lastmod>`, at most
 * 50,000 entries and 50 MB. Pure: the widget hands in the tree its DOMParser built.
 */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const MAX_SITEMAP_ENTRIES = 50_000;
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
const MAX_LOC_LENGTH = 2048;
// W3C Datetime (https://www.w3.org/TR/NOTE-datetime): YYYY, YYYY-MM, YYYY-MM-DD, or with a time and zone.
const W3C_DATE =
  /^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01])(?:T[0-2]\d:[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-][0-2]\d:[0-5]\d))?)?)?$/;

/** An element as the check needs it: local name, namespace, element children and text content. */
export interface XmlElement {
  name: string;
  namespace: string | null;
  children: XmlElement[];
  text: string;
}

export type SitemapValidation =
  { ok: true; kind: 'urlset' | 'sitemapindex'; locs: string[] } | { ok: false; reason: string };

function locProblem(loc: string): string | null {
  if (loc.length > MAX_LOC_LENGTH) return `is longer than ${MAX_LOC_LENGTH} characters`;
  try {
    const url = new URL(loc);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${loc}" is not an http(s) URL`;
  } catch {
    return `"${loc.slice(0, 200)}" is not an absolute URL`;
  }
  return null;
}

/** `root` is null when the file is not well-formed XML. */
export function validateSitemap(root: XmlElement | null, byteLength = 0): SitemapValidation {
  if (!root) return { ok: false, reason: 'the file is not well-formed XML' };
  if (byteLength > MAX_SITEMAP_BYTES) return { ok: false, reason: 'the file is larger than 50 MB' };
  if (root.name !== 'urlset' && root.name !== 'sitemapindex') {
    return { ok: false, reason: `the root element is <${root.name}>, not <urlset> or <sitemapindex>` };
  }
  if (root.namespace !== SITEMAP_NAMESPACE)
    return { ok: false, reason: `<${root.name}> is not in the ${SITEMAP_NAMESPACE} namespace` };
  const kind = root.name;
  const entryName = kind === 'urlset' ? 'url' : 'sitemap';
  const entries = root.children.filter((child) => child.name === entryName && child.namespace === SITEMAP_NAMESPACE);
  if (entries.length === 0) return { ok: false, reason: `the sitemap lists no <${entryName}> entries` };
  if (entries.length > MAX_SITEMAP_ENTRIES)
    return { ok: false, reason: `it lists ${entries.length} entries; the limit is ${MAX_SITEMAP_ENTRIES}` };
  const locs: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const position = `entry ${index + 1}`;
    const locElements = entry.children.filter((child) => child.name === 'loc');
    if (locElements.length !== 1)
      return { ok: false, reason: `${position} has ${locElements.length} <loc> elements instead of one` };
    const loc = locElements[0].text.trim();
    const problem = locProblem(loc);
    if (problem) return { ok: false, reason: `the <loc> of ${position} ${problem}` };
    const lastmod = entry.children.find((child) => child.name === 'lastmod');
    if (lastmod && !W3C_DATE.test(lastmod.text.trim()))
      return {
        ok: false,
        reason: `the <lastmod> of ${position} ("${lastmod.text.trim().slice(0, 40)}") is not a W3C date`,
      };
    locs.push(loc);
  }
  return { ok: true, kind, locs };
}
