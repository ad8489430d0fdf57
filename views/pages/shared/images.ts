/**
 * The generated artwork (scripts/make-images.mjs, under public/img/content) as <picture> sources.
 * Every image exists in AVIF, WebP and JPEG at two fixed widths, so the browser picks the smallest
 * it can decode. `resolve` maps a path below public/img to its hashed URL (useImage in pages).
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

export type ImageResolver = (path: string) => string;

const sizes = {
  slide: { widths: [640, 1200], width: 1200, height: 500 },
  map: { widths: [400, 800], width: 800, height: 500 },
} as const;

export type ArtworkKind = keyof typeof sizes;

/** The files of one artwork, as paths below public/img. */
export function artworkFiles(name: string, kind: ArtworkKind): string[] {
  return sizes[kind].widths.flatMap((w) => ['avif', 'webp', 'jpg'].map((ext) => `content/${name}-${w}.${ext}`));
}

export function artwork(name: string, kind: ArtworkKind, resolve: ImageResolver): ArtworkSet {
  const { widths, width, height } = sizes[kind];
  const set = (ext: string) => widths.map((w) => `${resolve(`content/${name}-${w}.${ext}`)} ${w}w`).join(', ');
  return {
    avif: set('avif'),
    webp: set('webp'),
    jpg: set('jpg'),
    src: resolve(`content/${name}-${width}.jpg`),
    width,
    height,
  };
}

export const localityMaps: Record<string, string> = {
  '/seo-services-rohini': 'map-rohini',
  '/seo-services-noida': 'map-noida',
  '/seo-services-laxmi-nagar': 'map-laxmi-nagar',
  '/seo-company-janakpuri': 'map-janakpuri',
};
