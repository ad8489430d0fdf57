import {
  RECOMMENDATIONS,
  RECOMMENDATION_CATEGORIES,
  type Recommendation,
  type RecommendationCategory,
} from '#views/model/seo-audit.ts';
import type { AuditCheck, AuditFacts, CheckStatus } from '#views/model/seo-audit.ts';

/** Spec 4/9: the bar rises 10 every 300 ms while busy and waits at 90 until the answer arrives. */
export const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 300;
export const PROGRESS_CAP = 90;

export function nextProgress(current: number): number {
  return current >= PROGRESS_CAP ? current : Math.min(PROGRESS_CAP, current + PROGRESS_STEP);
}

export interface RecommendationRow extends Recommendation {
  status: CheckStatus | null;
  detail: string | null;
}

/** The 22 recommendations by category, each with its evaluated status once there is a report. */
export function recommendationGroups(
  checks: AuditCheck[] | null,
): Array<{ category: RecommendationCategory; rows: RecommendationRow[] }> {
  const byId = new Map((checks ?? []).map((check) => [check.id, check]));
  return RECOMMENDATION_CATEGORIES.map((category) => ({
    category,
    rows: RECOMMENDATIONS.filter((item) => item.category === category).map((item) => ({
      ...item,
      status: byId.get(item.id)?.status ?? null,
      detail: byId.get(item.id)?.detail ?? null,
    })),
  }));
}

export const STATUS_LABELS: Record<CheckStatus, string> = { pass: 'Pass', warning: 'Warning', fail: 'Fail' };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function scoreBand(score: number): 'good' | 'average' | 'poor' {
  if (score >= 90) return 'good';
  if (score >= 50) return 'average';
  return 'poor';
}

/** The images weighed for the speed estimate, in words: "2.32 MB in 2 of 2 images weighed". */
export function imageWeightText(facts: Pick<AuditFacts, 'images' | 'imageWeight'>): string {
  const { checked, capped, measured, totalBytes } = facts.imageWeight;
  if (facts.images.total === 0) return 'No images';
  if (checked === 0) return 'No image addresses to weigh';
  const weighed = `${formatBytes(totalBytes)} in ${measured} of ${checked} image${checked === 1 ? '' : 's'} weighed`;
  return capped ? `${weighed} (the first ${checked} on the page; the rest were not weighed)` : weighed;
}

/** The facts table rows, in reading order; labels are what the visitor sees. */
export function factRows(facts: AuditFacts): Array<[string, string]> {
  const list = (items: string[]) => (items.length ? items.join(', ') : 'None');
  const og = Object.keys(facts.openGraph);
  const twitter = Object.keys(facts.twitter);
  return [
    ['Final URL', facts.finalUrl],
    [
      'HTTP status',
      `${facts.statusCode}${facts.redirects ? ` after ${facts.redirects} redirect${facts.redirects === 1 ? '' : 's'}` : ''}`,
    ],
    ['Server response (first byte)', `${facts.responseTimeMs} ms`],
    ['Full download', `${facts.totalTimeMs} ms`],
    ['HTML size', `${formatBytes(facts.htmlBytes)} (${formatBytes(facts.transferBytes)} transferred)`],
    ['Compression', facts.compression ?? 'None'],
    ['Canonical', facts.canonical ?? 'None'],
    ['Robots meta', list(facts.robotsMeta)],
    ['X-Robots-Tag', facts.xRobotsTag ?? 'None'],
    ['Language', facts.lang ?? 'Not declared'],
    ['Viewport', facts.viewport ?? 'None'],
    ['Open Graph tags', list(og)],
    ['Twitter tags', list(twitter)],
    ['Images with alt text', `${facts.images.total - facts.images.missingAlt} of ${facts.images.total}`],
    ['Image weight', imageWeightText(facts)],
    ['Links', `${facts.links.internal} internal, ${facts.links.external} external (${facts.links.nofollow} nofollow)`],
    ['Word count', String(facts.wordCount)],
    ['JSON-LD types', list(facts.jsonLdTypes)],
    ['HTTPS', facts.https ? `Yes${facts.hsts ? `, HSTS: ${facts.hsts}` : ', no HSTS'}` : 'No'],
    ['Render-blocking', `${facts.renderBlocking.scripts} script(s), ${facts.renderBlocking.stylesheets} stylesheet(s)`],
  ];
}
