/**
 * The generated artwork (scripts/make-images.mjs) as <picture> sources. Every image exists in
 * AVIF, WebP and JPEG at two fixed widths, so the browser picks the smallest it can decode.
 */
export interface ArtworkSet {
  avif: string;
  webp: string;
  jpg: string;
  /** Fallback src: the large JPEG. */
  src: string;
  width: number;
  height: number;
}

const BASE = '/images/content/';

const sizes = {
  slide: { widths: [640, 1200], width: 1200, height: 500 },
  map: { widths: [400, 800], width: 800, height: 500 },
} as const;

export function artwork(name: string, kind: keyof typeof sizes): ArtworkSet {
  const { widths, width, height } = sizes[kind];
  const set = (ext: string) => widths.map((w) => `${BASE}${name}-${w}.${ext} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp'), jpg: set('jpg'), src: `${BASE}${name}-${width}.jpg`, width, height };
}

export const localityMaps: Record<string, string> = {
  '/seo-services-rohini': 'map-rohini',
  '/seo-services-noida': 'map-noida',
  '/seo-services-laxmi-nagar': 'map-laxmi-nagar',
  '/seo-company-janakpuri': 'map-janakpuri',
};
