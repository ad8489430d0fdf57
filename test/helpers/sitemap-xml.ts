import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { assertValidSitemap } from './sitemap-schema.ts';

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex';
  namespace: string;
  entries: SitemapXmlEntry[];
}

export interface SitemapXmlEntry {
  loc: string;
  lastmod?: string;
  /** `image:image/image:loc` values, when the entry has any. */
  images?: string[];
  /** `xhtml:link` attributes, when the entry has any. */
  alternates?: { rel: string; hreflang: string; href: string }[];
}

interface RawEntry {
  loc: string;
  lastmod?: string;
  'image:image'?: { 'image:loc': string }[];
  'xhtml:link'?: { '@rel': string; '@hreflang': string; '@href': string }[];
}

function entryOf(item: RawEntry): SitemapXmlEntry {
  const entry: SitemapXmlEntry = { loc: item.loc };
  if (item.lastmod) entry.lastmod = item.lastmod;
  if (item['image:image']) entry.images = item['image:image'].map((image) => image['image:loc']);
  if (item['xhtml:link'])
    entry.alternates = item['xhtml:link'].map((link) => ({
      rel: link['@rel'],
      hreflang: link['@hreflang'],
      href: link['@href'],
    }));
  return entry;
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
    isArray: (name) => name === 'url' || name === 'sitemap' || name === 'image:image' || name === 'xhtml:link',
  });
  const doc = parser.parse(xml) as Record<string, Record<string, unknown>>;
  const kind = doc.urlset ? 'urlset' : doc.sitemapindex ? 'sitemapindex' : null;
  if (!kind) throw new Error('Neither <urlset> nor <sitemapindex> at the root');
  const root = doc[kind] as Record<string, unknown>;
  const items = ((kind === 'urlset' ? root.url : root.sitemap) ?? []) as RawEntry[];
  return { kind, namespace: String(root['@xmlns']), entries: items.map(entryOf) };
}
