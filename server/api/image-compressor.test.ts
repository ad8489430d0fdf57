import sharp from 'sharp';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';

function noisy(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + ((i * 2654435761) >>> 26)) & 255;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

function decodeDataUrl(url: string): { mime: string; bytes: Buffer } {
  const match = /^data:([\w/+.-]+);base64,(.+)$/.exec(url);
  if (!match) throw new Error(`not a data URL: ${url.slice(0, 40)}`);
  return { mime: match[1], bytes: Buffer.from(match[2], 'base64') };
}

test('compresses an uploaded JPEG and reports real sizes', async () => {
  const { app } = createTestApp();
  const input = await noisy(320, 240).jpeg({ quality: 98 }).toBuffer();
  const res = await request(app)
    .post('/api/image-compressor/compress')
    .set('Accept-Encoding', 'gzip')
    .attach('image', input, 'photo.jpg')
    .field('quality', '50');
  expect(res.status).toBe(200);
  // Base64 of a compressed image is sent as is: gzip would cost far more than it saves.
  expect(res.headers['cache-control']).toBe('no-store, no-transform');
  expect(res.headers['content-encoding']).toBeUndefined();
  const { mime, bytes } = decodeDataUrl(res.body.compressedImageUrl);
  expect(mime).toBe('image/jpeg');
  expect(res.body).toMatchObject({ originalSize: input.length, compressedSize: bytes.length, format: 'jpeg', width: 320, height: 240 });
  expect(bytes.length).toBeLessThan(input.length);
  expect((await sharp(bytes).metadata()).format).toBe('jpeg');
});

test('quality defaults to 70', async () => {
  const { app } = createTestApp();
  const input = await noisy(200, 200).jpeg({ quality: 98 }).toBuffer();
  const fallback = await request(app).post('/api/image-compressor/compress').attach('image', input, 'a.jpg');
  const seventy = await request(app).post('/api/image-compressor/compress').attach('image', input, 'a.jpg').field('quality', '70');
  expect(fallback.body.compressedSize).toBe(seventy.body.compressedSize);
});

test('the type comes from the content: a PNG named .jpg stays PNG, and can be converted to WebP', async () => {
  const { app } = createTestApp();
  const png = await noisy(64, 64).png().toBuffer();
  const same = await request(app).post('/api/image-compressor/compress').attach('image', png, { filename: 'lies.jpg', contentType: 'image/jpeg' });
  expect([same.status, same.body.format, decodeDataUrl(same.body.compressedImageUrl).mime]).toEqual([200, 'png', 'image/png']);
  const webp = await request(app).post('/api/image-compressor/compress').attach('image', png, 'a.png').field('format', 'webp');
  expect(decodeDataUrl(webp.body.compressedImageUrl).mime).toBe('image/webp');
});

test('400s: no file, wrong field, not an image, bad quality or format', async () => {
  const { app } = createTestApp();
  const jpeg = await noisy(20, 20).jpeg().toBuffer();
  const post = () => request(app).post('/api/image-compressor/compress');
  const cases = await Promise.all([
    post().field('quality', '70'),
    post().attach('photo', jpeg, 'a.jpg'),
    post().attach('image', Buffer.from('GIF89a but not really'), 'a.gif'),
    post().attach('image', jpeg, 'a.jpg').field('quality', '9'),
    post().attach('image', jpeg, 'a.jpg').field('quality', 'best'),
    post().attach('image', jpeg, 'a.jpg').field('format', 'bmp'),
    post().send({ image: 'data:image/png;base64,AAAA' }),
  ]);
  expect(cases.map((res) => [res.status, res.body.error])).toEqual([
    [400, 'Please select an image file'],
    [400, 'Send exactly one file, in the "image" field.'],
    [400, 'Unsupported image type. Please upload a JPEG, PNG, WebP, AVIF or GIF image.'],
    [400, 'Quality must be at least 10.'],
    [400, 'Quality must be a number from 10 to 100.'],
    [400, 'Format must be same, webp or avif.'],
    [400, 'Please select an image file'],
  ]);
});

test('uploads over 15 MB answer 413', async () => {
  const { app } = createTestApp();
  const res = await request(app).post('/api/image-compressor/compress').attach('image', Buffer.alloc(15 * 1024 * 1024 + 1, 1), 'big.jpg');
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ error: 'The image is larger than the 15 MB upload limit.' });
});

test('images over 50 megapixels answer 400', async () => {
  const { app } = createTestApp();
  const huge = await sharp({ create: { width: 8_000, height: 7_000, channels: 3, background: '#777' } }).png({ compressionLevel: 9 }).toBuffer();
  const res = await request(app).post('/api/image-compressor/compress').attach('image', huge, 'huge.png');
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('The image is too large: 56.0 megapixels (the limit is 50.0 megapixels).');
});

test('a saturated queue answers 503 with Retry-After', async () => {
  const { app } = createTestApp({ env: { IMAGE_JOBS: '1', IMAGE_QUEUE: '0' } });
  const slow = await noisy(2400, 1600).png({ compressionLevel: 1 }).toBuffer();
  const send = () => request(app).post('/api/image-compressor/compress').attach('image', slow, 'slow.png');
  const results = await Promise.all([send(), send(), send(), send()]);
  const statuses = results.map((res) => res.status).sort();
  expect(statuses[0]).toBe(200);
  const busy = results.find((res) => res.status === 503);
  expect(busy?.body).toEqual({ error: 'The image compressor is busy. Please try again in a few seconds.' });
  expect(busy?.headers['retry-after']).toBe('5');
});
