export interface VideoVariant {
  url: string;
  width?: number;
  height?: number;
  /** The platform's own quality name (V_720P, v720P, qualityLabel ...), used when sizes are absent. */
  label?: string;
}

/** The "p" of a rendition: the shorter side, so a 720×1280 portrait reel counts as 720p. */
export function resolutionOf(variant: VideoVariant): number {
  if (variant.width && variant.height) return Math.min(variant.width, variant.height);
  if (variant.height) return variant.height;
  const fromLabel = /(\d{3,4})p/i.exec(variant.label ?? '');
  return fromLabel ? Number(fromLabel[1]) : 0;
}

/**
 * The largest rendition not above `maxResolution`; when every rendition is larger, the smallest
 * one (the nearest to what was asked) rather than nothing.
 */
export function pickVariant<T extends VideoVariant>(
  variants: T[],
  maxResolution = Number.POSITIVE_INFINITY,
): T | undefined {
  const ranked = variants.map((variant) => ({ variant, p: resolutionOf(variant) })).sort((a, b) => b.p - a.p);
  return ranked.find((entry) => entry.p <= maxResolution)?.variant ?? ranked.at(-1)?.variant;
}
