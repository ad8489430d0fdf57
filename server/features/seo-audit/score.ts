import type { AuditFacts } from '#views/model/seo-audit.ts';

export type ScoreInput = Pick<
  AuditFacts,
  'responseTimeMs' | 'htmlBytes' | 'compression' | 'renderBlocking' | 'images' | 'subresources' | 'imageWeight'
>;

const KB = 1024;
const MB = 1024 * KB;

/** Linear penalty: 0 at `from`, `max` at `to` and beyond. */
function ramp(value: number, from: number, to: number, max: number): number {
  if (value <= from) return 0;
  return Math.min(max, ((value - from) / (to - from)) * max);
}

/**
 * The documented estimate shown when no PageSpeed Insights key is configured.
 * 100 minus penalties for what a single fetch can measure:
 * - time to first byte: 0 at 200 ms, up to 25 at 2 s;
 * - HTML weight: 0 at 50 KB, up to 15 at 1 MB;
 * - no compression on HTML over 1 KB: 10;
 * - render-blocking scripts in <head>: 5 each, up to 20; blocking stylesheets beyond the first: 2 each, up to 10;
 * - images without width and height (layout shift): 1 each, up to 10;
 * - subresources referenced: 0 at 25, up to 10 at 100;
 * - the heaviest image: 0 at 150 KB, up to 20 at 1.5 MB (on a phone it is often the largest paint);
 * - all weighed images together: 0 at 1 MB, up to 20 at 3 MB.
 * Images are weighed by their HEAD (or a one-byte ranged GET): the first 20, sizes that cannot be
 * read left out (image-weight.ts). A single 2.3 MB image costs 20 + 13 = 33 points.
 * Rounded and clamped to 0..100.
 */
export function estimatePageSpeedScore(input: ScoreInput): number {
  const penalty =
    ramp(input.responseTimeMs, 200, 2000, 25) +
    ramp(input.htmlBytes, 50 * 1024, 1024 * 1024, 15) +
    (input.compression === null && input.htmlBytes > 1024 ? 10 : 0) +
    Math.min(20, input.renderBlocking.scripts * 5) +
    Math.min(10, Math.max(0, input.renderBlocking.stylesheets - 1) * 2) +
    Math.min(10, input.images.missingDimensions) +
    ramp(input.subresources, 25, 100, 10) +
    ramp(input.imageWeight.heaviest[0]?.bytes ?? 0, 150 * KB, 1.5 * MB, 20) +
    ramp(input.imageWeight.totalBytes, 1 * MB, 3 * MB, 20);
  return Math.max(0, Math.min(100, Math.round(100 - penalty)));
}
