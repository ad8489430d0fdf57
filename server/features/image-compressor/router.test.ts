import sharp from 'sharp';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import express from 'express';
import { expect, onTestFinished, test, vi } from 'vitest';
import { loadConfig } from '#server/config/index.ts';
import { errorHandler } from '#server/http/errors.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createImageCompressor } from './service.ts';
import { imageCompressorRouter } from './router.ts';
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
  const { app } = await createTestApp();
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
  // Written as one Buffer of exact length: no ETag hashed over megabytes for a no-store POST.
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
  expect(res.headers.etag).toBeUndefined();
  const { mime, bytes } = decodeDataUrl(res.body.compressedImageUrl);
  expect(mime).toBe('image/jpeg');
  expect(res.body).toMatchObject({
    originalSize: input.length,
    compressedSize: bytes.length,
    format: 'jpeg',
    width: 320,
    height: 240,
    fileName: 'photo.jpg',
    keptOriginal: false,
  });
  expect(bytes.length).toBeLessThan(input.length);
  expect((await sharp(bytes).metadata()).format).toBe('jpeg');
});

test('quality defaults to 70', async () => {
  const { app } = await createTestApp();
  const input = await noisy(200, 200).jpeg({ quality: 98 }).toBuffer();
  const fallback = await request(app).post('/api/image-compressor/compress').attach('image', input, 'a.jpg');
  const seventy = await request(app)
    .post('/api/image-compressor/compress')
    .attach('image', input, 'a.jpg')
    .field('quality', '70');
  expect(fallback.body.compressedSize).toBe(seventy.body.compressedSize);
});

test('the type comes from the content: a PNG named .jpg stays PNG, and can be converted to WebP', async () => {
  const { app } = await createTestApp();
  const png = await noisy(64, 64).png().toBuffer();
  const same = await request(app)
    .post('/api/image-compressor/compress')
    .attach('image', png, { filename: 'lies.jpg', contentType: 'image/jpeg' });
  expect([same.status, same.body.format, decodeDataUrl(same.body.compressedImageUrl).mime]).toEqual([
    200,
    'png',
    'image/png',
  ]);
  const webp = await request(app)
    .post('/api/image-compressor/compress')
    .attach('image', png, 'a.png')
    .field('format', 'webp');
  expect(decodeDataUrl(webp.body.compressedImageUrl).mime).toBe('image/webp');
});

test('400s: no file, wrong field, not an image, bad quality or format', async () => {
  const { app } = await createTestApp();
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
    post().attach('image', jpeg, 'a.jpg').field('width', '0'),
    post().attach('image', jpeg, 'a.jpg').field('height', '20000'),
    post().attach('image', jpeg, 'a.jpg').field('longestSide', '12.5'),
    post().attach('image', jpeg, 'a.jpg').field('progressive', 'maybe'),
    post().attach('image', jpeg, 'a.jpg').field('metadata', 'gps-only'),
    // Every field the API knows fits (7); a ninth part of fields is refused.
    Array.from({ length: 9 }, (_, index) => index).reduce(
      (req, index) => req.field(`extra${index}`, 'x'),
      post().attach('image', jpeg, 'a.jpg'),
    ),
  ]);
  expect(cases.map((res) => [res.status, res.body.error])).toEqual([
    [400, 'Please select an image file'],
    [400, 'Send exactly one file, in the "image" field.'],
    [400, 'Unsupported image type. Please upload a JPEG, PNG, WebP, AVIF or GIF image.'],
    [400, 'Quality must be at least 10.'],
    [400, 'Quality must be a number from 10 to 100.'],
    [400, 'Format must be same, webp, avif or auto.'],
    [400, 'Please select an image file'],
    [400, 'Width must be at least 1 pixel.'],
    [400, 'Height must be at most 16384 pixels.'],
    [400, 'Longest side must be a whole number of pixels.'],
    [400, 'Progressive must be true or false.'],
    [400, 'Metadata must be strip, copyright or keep.'],
    [400, 'The upload has too many or too large form fields.'],
  ]);
});

test('resize by longest side or box, never enlarged; auto answers the smallest allowed format; progressive off gives a baseline JPEG', async () => {
  const { app } = await createTestApp();
  const photo = await noisy(400, 300).jpeg({ quality: 98 }).toBuffer();
  const post = (fields: Record<string, string>) => {
    let req = request(app).post('/api/image-compressor/compress').attach('image', photo, 'photo.jpg');
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return req;
  };
  const sizes = await Promise.all(
    (
      [{ longestSide: '200' }, { width: '100', height: '100' }, { height: '60' }, { width: '4000' }] as Record<
        string,
        string
      >[]
    ).map(async (fields) => {
      const res = await post(fields);
      expect(res.status).toBe(200);
      const meta = await sharp(decodeDataUrl(res.body.compressedImageUrl).bytes).metadata();
      expect([meta.width, meta.height]).toEqual([res.body.width, res.body.height]);
      return [res.body.width, res.body.height];
    }),
  );
  expect(sizes).toEqual([
    [200, 150],
    [100, 75],
    [80, 60],
    [400, 300],
  ]);

  const auto = await post({ format: 'auto', quality: '60' });
  const each = await Promise.all(['same', 'webp', 'avif'].map((format) => post({ format, quality: '60' })));
  const smallest = Math.min(...each.map((res) => res.body.compressedSize as number));
  expect(auto.status).toBe(200);
  expect(auto.body.compressedSize).toBe(smallest);
  expect(auto.body.fileName).toBe(`photo.${auto.body.format === 'jpeg' ? 'jpg' : auto.body.format}`);

  const baseline = await post({ progressive: 'false' });
  const progressive = await post({});
  expect((await sharp(decodeDataUrl(baseline.body.compressedImageUrl).bytes).metadata()).isProgressive).toBe(false);
  expect((await sharp(decodeDataUrl(progressive.body.compressedImageUrl).bytes).metadata()).isProgressive).toBe(true);
});

test('uploads over 15 MB answer 413', async () => {
  const { app } = await createTestApp();
  const res = await request(app)
    .post('/api/image-compressor/compress')
    .attach('image', Buffer.alloc(15 * 1024 * 1024 + 1, 1), 'big.jpg');
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ error: 'The image is larger than the 15 MB upload limit.' });
});

test('images over 50 megapixels answer 400', async () => {
  const { app } = await createTestApp();
  const huge = await sharp({ create: { width: 8_000, height: 7_000, channels: 3, background: '#777' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const res = await request(app).post('/api/image-compressor/compress').attach('image', huge, 'huge.png');
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('The image is too large: 56.0 megapixels (the limit is 50.0 megapixels).');
});

test('the result keeps the upload name with the new extension: holiday-photo.jpg as WebP is holiday-photo.webp', async () => {
  const { app } = await createTestApp();
  const input = await noisy(120, 90).jpeg({ quality: 95 }).toBuffer();
  const webp = await request(app)
    .post('/api/image-compressor/compress')
    .attach('image', input, 'holiday-photo.jpg')
    .field('format', 'webp');
  expect([webp.status, webp.body.fileName, webp.body.format]).toEqual([200, 'holiday-photo.webp', 'webp']);
  const hindi = await request(app).post('/api/image-compressor/compress').attach('image', input, 'दिल्ली फोटो.jpeg');
  expect(hindi.body.fileName).toBe('दिल्ली फोटो.jpg');
});

test('a file that would only grow comes back as the original bytes, flagged keptOriginal', async () => {
  const { app } = await createTestApp();
  const input = await noisy(160, 120).jpeg({ quality: 10 }).toBuffer();
  const res = await request(app)
    .post('/api/image-compressor/compress')
    .attach('image', input, 'tiny.jpg')
    .field('quality', '100');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    keptOriginal: true,
    originalSize: input.length,
    compressedSize: input.length,
    format: 'jpeg',
    fileName: 'tiny.jpg',
  });
  expect(decodeDataUrl(res.body.compressedImageUrl).bytes.equals(input)).toBe(true);
});

test('AVIF has a lower pixel budget than the original format', async () => {
  const { app } = await createTestApp();
  const twenty = await sharp({ create: { width: 5_000, height: 4_000, channels: 3, background: '#777' } })
    .png()
    .toBuffer();
  const res = await request(app)
    .post('/api/image-compressor/compress')
    .attach('image', twenty, 'wide.png')
    .field('format', 'avif');
  expect(res.status).toBe(400);
  expect(res.body.error).toBe(
    'The image is too large: 20.0 megapixels (the limit is 16.0 megapixels for AVIF output). Keep the original format for larger images, or resize the image first.',
  );
});

test('validation comes first: bad uploads never spend the per-IP image quota', async () => {
  const { app } = await createTestApp({ env: { IMAGE_RATE_LIMIT: '2' } });
  const jpeg = await noisy(40, 30).jpeg().toBuffer();
  const post = () => request(app).post('/api/image-compressor/compress');
  for (let i = 0; i < 5; i++) {
    const bad = await post().attach('image', Buffer.from('not an image'), 'a.jpg');
    expect(bad.status).toBe(400);
  }
  const huge = await sharp({ create: { width: 5_000, height: 4_000, channels: 3, background: '#777' } })
    .png()
    .toBuffer();
  expect((await post().attach('image', huge, 'a.png').field('format', 'avif')).status).toBe(400);
  expect((await post().attach('image', jpeg, 'a.jpg').field('quality', '5')).status).toBe(400);
  expect((await post().attach('image', jpeg, 'a.jpg')).status).toBe(200);
  expect((await post().attach('image', jpeg, 'b.jpg')).status).toBe(200);
  const limited = await post().attach('image', jpeg, 'c.jpg');
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
  // A malformed upload still gets its own clear 400, not the 429.
  expect((await post().attach('image', Buffer.from('not an image'), 'a.jpg')).status).toBe(400);
});

test('an upload that does not arrive in time is answered 408 and the connection closed', async () => {
  const { app } = await createTestApp({ env: { IMAGE_DEADLINE_MS: '200' } });
  const server = app.listen(0, '127.0.0.1');
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  // Headers promise a 1 MB body; only its first bytes ever come.
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/image-compressor/compress',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(1024 * 1024) },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(
      '--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8',
    );
  });
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toEqual({
    error:
      'The upload did not arrive within 0.2 seconds. Please try again on a faster connection or with a smaller image.',
  });
});

test('a client who disconnects mid-encode frees the slot at once: the encoder is killed', async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:' });
  const compressor = createImageCompressor({ concurrency: 1 });
  onTestFinished(() => compressor.close());
  const app = express();
  app.use('/api', imageCompressorRouter(compressor, config.imageCompressor));
  app.use(errorHandler(createLogger('silent'), () => '', false));
  const server = app.listen(0, '127.0.0.1');
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  const photo = await noisy(2000, 1500).jpeg({ quality: 95 }).toBuffer();
  const boundary = 'b0undary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="format"\r\n\r\navif\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/image-compressor/compress',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
  });
  req.on('error', () => undefined);
  req.end(body);
  // Readiness: the job holds the only slot.
  await vi.waitFor(() => expect(compressor.stats().running).toBe(1), { timeout: 15_000, interval: 20 });
  req.destroy();
  await vi.waitFor(() => expect(compressor.stats()).toMatchObject({ running: 0, bytesInFlight: 0, killed: 1 }), {
    timeout: 15_000,
    interval: 20,
  });
});
