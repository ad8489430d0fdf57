import type { SiteAuditRow } from '#db/site-audits.ts';
import { plural } from '#views/model/plural.ts';
import { PDF_COLOURS, type ReportBrand } from '#server/lib/pdf/index.ts';
import { auditDomain, reportDate, scoreLabel } from '#views/model/site-audit-report.ts';
import { REPORT_CARD } from '#views/model/site-audit-card.ts';

/** What a report's card says: the site, the day, the score, and whose report it is. */
export interface CardFacts {
  site: string;
  date: string;
  score: number;
  errors: number;
  warnings: number;
  brandName: string;
  brandSite: string;
}

/** The card's facts of a finished audit, in the profile's zone and name. */
export function cardFacts(
  audit: Pick<SiteAuditRow, 'url' | 'summary' | 'finishedAt' | 'createdAt'>,
  brand: ReportBrand,
) {
  const summary = audit.summary as Pick<CardFacts, 'score' | 'errors' | 'warnings'>;
  return {
    site: auditDomain(audit.url),
    date: reportDate(audit.finishedAt ?? audit.createdAt, brand.timeZone),
    score: summary.score,
    errors: summary.errors,
    warnings: summary.warnings,
    brandName: brand.name,
    brandSite: auditDomain(brand.website),
  };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The score's colour, as the report shows it (client/styles/base.css: --ok, --warn, --error). */
const SCORE_COLOURS = { good: '#166534', fair: '#92400e', poor: '#b91c1c' } as const;
const scoreColour = (score: number) => SCORE_COLOURS[scoreLabel(score)];

/** A long domain is shrunk to stay on the card (DejaVu Sans is about 0.6 em a character). */
const siteSize = (site: string) => Math.min(72, Math.floor(1040 / (0.62 * Math.max(site.length, 1))));

/** The card as SVG, 1200 × 630 (the size link previews crop least): text only, in the PDF's colours. */
export function reportCardSvg(facts: CardFacts): string {
  const { width, height } = REPORT_CARD;
  const text = (x: number, y: number, size: number, fill: string, value: string, weight = 400) =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Noto Sans, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<rect width="${width}" height="16" fill="${scoreColour(facts.score)}"/>`,
    text(80, 130, 34, PDF_COLOURS.muted, 'Website SEO audit'),
    text(80, 230, siteSize(facts.site), PDF_COLOURS.ink, facts.site, 700),
    text(80, 290, 34, PDF_COLOURS.body, facts.date),
    // One line, so "/100" follows the score whatever its width.
    `<text x="80" y="470"><tspan font-size="150" font-weight="700" fill="${scoreColour(facts.score)}">${facts.score}</tspan>`,
    `<tspan dx="12" font-size="44" fill="${PDF_COLOURS.muted}">/100 health score</tspan></text>`,
    text(80, 530, 30, PDF_COLOURS.body, `${plural(facts.errors, 'error')} · ${plural(facts.warnings, 'warning')}`),
    `<rect y="${height - 70}" width="${width}" height="70" fill="#f2f4f7"/>`,
    text(80, height - 25, 28, PDF_COLOURS.ink, `${facts.brandName} · ${facts.brandSite}`, 700),
    '</svg>',
  ].join('');
}

/** sharp (libvips) is loaded on the first card, not at boot: a server nobody shares a report from never pays for it. */
async function renderPng(svg: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** Cards kept in memory: a finished report never changes, and a shared link is fetched by every preview at once. */
export const CARDS_KEPT = 64;

/** The newest cards, least recently asked for dropped first; a card being drawn is shared by whoever asks. */
export function cardCache(render: (svg: string) => Promise<Buffer> = renderPng, kept = CARDS_KEPT) {
  const cards = new Map<string, Promise<Buffer>>();
  return (id: string, facts: CardFacts): Promise<Buffer> => {
    let card = cards.get(id);
    if (card) cards.delete(id);
    else card = render(reportCardSvg(facts));
    cards.set(id, card);
    card.catch(() => cards.delete(id));
    if (cards.size > kept) cards.delete(cards.keys().next().value!);
    return card;
  };
}
