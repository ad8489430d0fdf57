// Renders the SVG artwork in scripts/images/artwork.mjs to AVIF, WebP and JPEG at fixed widths
// under public/img/ (hashed by the build). Outputs are committed (a few KB each); rerun after changing the artwork:
//   node scripts/make-images.mjs
import { mkdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { localityMap, slideAudit, slideGrowth, slideLocal } from './images/artwork.mjs';

const outDir = fileURLToPath(new URL('../public/img/content/', import.meta.url));

const images = [
  { name: 'slide-audit', svg: slideAudit(), widths: [1200, 640] },
  { name: 'slide-local', svg: slideLocal(), widths: [1200, 640] },
  { name: 'slide-growth', svg: slideGrowth(), widths: [1200, 640] },
  {
    name: 'map-rohini',
    svg: localityMap({
      title: 'Rohini and Pitampura',
      line: 'Red Line',
      lineColor: '#dc2626',
      places: ['Rithala', 'Rohini West', 'Rohini East', 'Pitampura', 'Kohat Enclave', 'NSP'],
    }),
    widths: [800, 400],
  },
  {
    name: 'map-noida',
    svg: localityMap({
      title: 'Noida',
      line: 'Blue Line',
      lineColor: '#2563eb',
      places: ['Sector 16', 'Sector 18', 'Botanical Garden', 'City Centre', 'Sector 52', 'Sector 62'],
    }),
    widths: [800, 400],
  },
  {
    name: 'map-laxmi-nagar',
    svg: localityMap({
      title: 'Laxmi Nagar, East Delhi',
      line: 'Blue Line',
      lineColor: '#2563eb',
      places: ['Yamuna Bank', 'Laxmi Nagar', 'Nirman Vihar', 'Preet Vihar', 'Karkarduma', 'Anand Vihar'],
    }),
    widths: [800, 400],
  },
  {
    name: 'map-janakpuri',
    svg: localityMap({
      title: 'Janakpuri, West Delhi',
      line: 'Blue Line, Magenta Line at Janakpuri West',
      lineColor: '#2563eb',
      places: ['Subhash Nagar', 'Tilak Nagar', 'Janakpuri East', 'Janakpuri West', 'Uttam Nagar', 'Dwarka Mor'],
    }),
    widths: [800, 400],
  },
];

const encoders = {
  avif: (pipeline) => pipeline.avif({ quality: 50, effort: 6 }),
  webp: (pipeline) => pipeline.webp({ quality: 76 }),
  jpg: (pipeline) => pipeline.jpeg({ quality: 78, mozjpeg: true }),
};

await mkdir(outDir, { recursive: true });
for (const image of images) {
  for (const width of image.widths) {
    for (const [ext, encode] of Object.entries(encoders)) {
      const file = `${outDir}${image.name}-${width}.${ext}`;
      await encode(sharp(Buffer.from(image.svg), { density: 144 }).resize({ width })).toFile(file);
      const { size } = await stat(file);
      console.log(`${image.name}-${width}.${ext}\t${(size / 1024).toFixed(1)} KB`);
    }
  }
}
