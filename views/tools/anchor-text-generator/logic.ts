import { toCsv } from '#views/lib/csv.ts';
import { lsiVariants } from './lsi.ts';
import { ANCHOR_TYPE_LABELS, type Anchor, type AnchorType } from './rules.ts';

export interface AnchorInput {
  keywords: readonly string[];
  brand?: string;
  /** A bare domain (already validated), used for naked URL anchors and, failing a brand, the brand. */
  website?: string;
}

// Words go before the keyword: "delhi guide" or "laxmi nagar tips" after a place name is not English.
const PARTIAL = ['best {k}', 'guide to {k}', 'tips on {k}', 'more on {k}'];
const PHRASE = [
  'learn more about {k}',
  'everything you need to know about {k}',
  'read our guide on {k}',
  'click here for {k}',
];
const BRANDED_PER_KEYWORD = ['{b} {k}', '{k} by {b}'];
const GENERIC = [
  'click here',
  'learn more',
  'read more',
  'visit website',
  'this website',
  'check it out',
  'find out more',
  'see details',
];

function fill(template: string, keyword: string, brand = ''): string {
  return template.replace('{k}', keyword).replace('{b}', brand);
}

/** Skips templates whose added word the keyword already has ("best best shoes", "tips tips"). */
function fits(template: string, keyword: string): boolean {
  const lower = ` ${keyword.toLowerCase()} `;
  return template
    .replace('{k}', '')
    .split(' ')
    .filter((word) => word.length > 3 || word === 'best')
    .every((word) => !lower.includes(` ${word} `));
}

/** "example.co.in" -> "Example"; punycode labels are left alone rather than shown mangled. */
export function brandFromDomain(domain: string): string | undefined {
  const labels = domain.split('.');
  const lastTwoShort =
    labels.length > 2 && labels[labels.length - 1].length <= 3 && labels[labels.length - 2].length <= 3;
  const label = labels[labels.length - (lastTwoShort ? 3 : 2)];
  if (!label || label.startsWith('xn--')) return undefined;
  return label[0].toUpperCase() + label.slice(1);
}

function nakedUrls(domain: string): string[] {
  const urls = [`https://${domain}`, domain];
  if (domain.split('.').length === 2) urls.push(`www.${domain}`);
  return urls;
}

/**
 * Builds the anchor mix for a link-building campaign: per keyword the exact match, partial and
 * phrase matches, LSI variants and branded combinations; once per run the brand, naked URLs and
 * generic anchors. Output is deduplicated case-insensitively; the first (most specific) type wins.
 */
export function generateAnchors(input: AnchorInput): Anchor[] {
  const brand = input.brand || (input.website ? brandFromDomain(input.website) : undefined);
  const anchors: Anchor[] = [];
  const seen = new Set<string>();
  const add = (text: string, type: AnchorType) => {
    const key = text.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    anchors.push({ text, type });
  };
  for (const keyword of input.keywords) {
    add(keyword, 'exact');
    for (const template of PARTIAL) if (fits(template, keyword)) add(fill(template, keyword), 'partial');
    for (const template of PHRASE) if (fits(template, keyword)) add(fill(template, keyword), 'phrase');
    for (const variant of lsiVariants(keyword)) add(variant, 'lsi');
    if (brand) for (const template of BRANDED_PER_KEYWORD) add(fill(template, keyword, brand), 'branded');
  }
  if (brand) add(brand, 'branded');
  if (input.website) for (const url of nakedUrls(input.website)) add(url, 'naked-url');
  for (const text of GENERIC) add(text, 'generic');
  return anchors;
}

export function anchorsToCsv(anchors: readonly Anchor[]): string {
  return toCsv(
    ['Anchor text', 'Type'],
    anchors.map((anchor) => [anchor.text, ANCHOR_TYPE_LABELS[anchor.type]]),
  );
}
