import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { artwork, artworkFiles, localityMaps } from '#views/pages/shared/images.ts';
import { slides } from '#views/pages/seo-services-delhi/content.ts';

test('every slide and locality map ships in AVIF, WebP and JPEG at both widths, each small', () => {
  const files = [
    ...slides.flatMap((slide) => artworkFiles(slide.image, 'slide')),
    ...Object.values(localityMaps).flatMap((name) => artworkFiles(name, 'map')),
  ];
  expect(files).toHaveLength(7 * 6);
  for (const rel of files) {
    const file = join(process.cwd(), 'public', 'img', rel);
    expect(existsSync(file), file).toBe(true);
    expect(statSync(file).size, file).toBeLessThan(40 * 1024);
  }
});

test('sources go through the resolver and the intrinsic size is set', () => {
  const set = artwork('slide-audit', 'slide', (path) => `/assets/img/${path}?h`);
  expect(set).toMatchObject({ src: '/assets/img/content/slide-audit-1200.jpg?h', width: 1200, height: 500 });
  expect(set.avif).toBe(
    '/assets/img/content/slide-audit-640.avif?h 640w, /assets/img/content/slide-audit-1200.avif?h 1200w',
  );
  expect(artwork('map-noida', 'map', (path) => path)).toMatchObject({ width: 800, height: 500 });
});
