import sharp from 'sharp';

/** A photo-like JPEG: smooth gradients plus noise, as large and as slow to encode as a real photo (a flat colour is neither). */
export function photoJpeg(width, height, quality = 92) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0, p = 0; p < width * height; p++, i += 3) {
    const x = p % width;
    const y = (p / width) | 0;
    const n = (p * 2654435761) >>> 27;
    raw[i] = ((x * 255) / width + n) & 255;
    raw[i + 1] = ((y * 255) / height + n) & 255;
    raw[i + 2] = (((x + y) * 128) / (width + height) + 2 * n) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
