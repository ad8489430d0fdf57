import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { assertValidSitemap } from './sitemap-schema.ts';

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex';
  namespace: string;
  entries: { loc: string; lastmod?: string }[];
}

/** Validates well-formedness and the sitemaps.org schema (xmllint), and returns the sitemap's entries, decoded. */
export function parseSitemapXml(xml: string): ParsedSitemap {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`Invalid XML: ${valid.err.msg} (line ${valid.err.line})`);
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')) throw new Error('Missing UTF-8 XML declaration');
  assertValidSitemap(xml);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    isArray: (name) => name === 'url' || name === 'sitemap',
  });
  const doc = parser.parse(xml) as Record<string, Record<string, unknown>>;
  const kind = doc.urlset ? 'urlset' : doc.sitemapindex ? 'sitemapindex' : null;
  if (!kind) throw new Error('Neither <urlset> nor <sitemapindex> at the root');
  const root = doc[kind] as Record<string, unknown>;
  const items = ((kind === 'urlset' ? root.url : root.sitemap) ?? []) as { loc: string; lastmod?: string }[];
  return {
    kind,
    namespace: String(root['@xmlns']),
    entries: items.map((item) => ({ loc: item.loc, ...(item.lastmod ? { lastmod: item.lastmod } : {}) })),
  };
}
