import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { artwork, localityMaps } from '#views/pages/shared/images.ts';
import { slides } from '#views/pages/seo-services-delhi/content.ts';

function filesOf(srcset: string) {
  return srcset.split(', ').map((entry) => join(process.cwd(), 'public', entry.split(' ')[0]));
}

test('every slide and locality map ships in AVIF, WebP and JPEG at both widths, each small', () => {
  const sets = [
    ...slides.map((slide) => artwork(slide.image, 'slide')),
    ...Object.values(localityMaps).map((name) => artwork(name, 'map')),
  ];
  expect(sets).toHaveLength(7);
  for (const set of sets) {
    for (const file of [...filesOf(set.avif), ...filesOf(set.webp), ...filesOf(set.jpg)]) {
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, file).toBeLessThan(40 * 1024);
    }
  }
});

test('the fallback src is the large JPEG and the intrinsic size is set', () => {
  expect(artwork('slide-audit', 'slide')).toMatchObject({ src: '/images/content/slide-audit-1200.jpg', width: 1200, height: 500 });
  expect(artwork('map-noida', 'map')).toMatchObject({ width: 800, height: 500 });
});
