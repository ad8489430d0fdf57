import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { expect, test } from 'vitest';
import { detectFormat, encodeImage, type EncodedImage, type OutputChoice } from './compress.ts';
import exifReader from 'exif-reader';
import { ImageCompressorError } from './errors.ts';

const options = { quality: 70, output: 'same' as Exclude<OutputChoice, 'auto'> };

/** What a worker does with an upload that passed inspection: same format unless converting, every frame when it can. */
async function compressImage(
  input: Buffer,
  { quality, output }: { quality: number; output: Exclude<OutputChoice, 'auto'> },
): Promise<EncodedImage & { originalSize: number; compressedSize: number }> {
  const probe = await detectFormat(input);
  const format = output === 'same' ? probe.format : output;
  const animated = probe.pages > 1 && (format === 'gif' || format === 'webp');
  const encoded = await encodeImage(input, { quality, format, animated, maxPixels: 50_000_000, timeoutSeconds: 20 });
  return { ...encoded, originalSize: input.length, compressedSize: encoded.data.length };
}

// A noisy gradient compresses like a photo would; flat colour would make every result trivially tiny.
function photoLike(width: number, height: number): Sharp {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    raw[i] = (x * 255) / width;
    raw[i + 1] = (y * 255) / height;
    raw[i + 2] = (x * y + ((i * 2654435761) >>> 24)) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

async function rejection(promise: Promise<unknown>): Promise<ImageCompressorError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ImageCompressorError);
  return error as ImageCompressorError;
}

test('a JPEG is re-encoded smaller as JPEG and keeps its dimensions', async () => {
  const input = await photoLike(400, 300).jpeg({ quality: 98 }).toBuffer();
  const result = await compressImage(input, options);
  expect(result.format).toBe('jpeg');
  expect([result.width, result.height]).toEqual([400, 300]);
  expect(result.compressedSize).toBe(result.data.length);
  expect(result.originalSize).toBe(input.length);
  expect(result.compressedSize).toBeLessThan(input.length);
  expect((await sharp(result.data).metadata()).format).toBe('jpeg');
});

test('lower quality gives a smaller file', async () => {
  const input = await photoLike(300, 300).jpeg({ quality: 100 }).toBuffer();
  const low = await compressImage(input, { ...options, quality: 10 });
  const high = await compressImage(input, { ...options, quality: 90 });
  expect(low.compressedSize).toBeLessThan(high.compressedSize);
});

test('GPS and other EXIF data are stripped', async () => {
  const input = await photoLike(200, 100)
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'GPS-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 12/1 0/1' },
    })
    .toBuffer();
  const before = await sharp(input).metadata();
  expect(before.exif?.toString('latin1')).toContain('TestCam');
  const result = await compressImage(input, options);
  const after = await sharp(result.data).metadata();
  expect(after.exif).toBeUndefined();
  expect(after.xmp).toBeUndefined();
  expect(result.data.toString('latin1')).not.toContain('TestCam');
});

test('the EXIF orientation is applied to the pixels before the tag is dropped', async () => {
  const input = await photoLike(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
  const result = await compressImage(input, options);
  expect([result.width, result.height]).toEqual([100, 200]);
  expect((await sharp(result.data).metadata()).orientation).toBeUndefined();
});

test('PNG is palette-quantised and stays PNG', async () => {
  const input = await photoLike(256, 256).png().toBuffer();
  const result = await compressImage(input, options);
  expect(result.format).toBe('png');
  const meta = await sharp(result.data).metadata();
  expect(meta.format).toBe('png');
  expect(meta.isPalette).toBe(true);
  expect(result.compressedSize).toBeLessThan(input.length);
});

test('WebP and AVIF inputs are recognised and kept in their format', async () => {
  const webp = await compressImage(await photoLike(120, 80).webp({ quality: 95 }).toBuffer(), options);
  expect(webp.format).toBe('webp');
  const avif = await compressImage(await photoLike(120, 80).avif({ quality: 90 }).toBuffer(), options);
  expect(avif.format).toBe('avif');
  expect((await sharp(avif.data).metadata()).compression).toBe('av1');
});

test('a JPEG can be converted to WebP or AVIF on request', async () => {
  const input = await photoLike(160, 90).jpeg({ quality: 95 }).toBuffer();
  const webp = await compressImage(input, { ...options, output: 'webp' });
  expect((await sharp(webp.data).metadata()).format).toBe('webp');
  const avif = await compressImage(input, { ...options, output: 'avif' });
  expect([avif.format, avif.width, avif.height]).toEqual(['avif', 160, 90]);
});

test('an animated GIF keeps every frame', async () => {
  const frames = await Promise.all(
    [0, 1, 2].map((n) =>
      photoLike(40, 30)
        .linear(1, n * 20)
        .raw()
        .toBuffer(),
    ),
  );
  // Three 40×30 frames stacked into one strip with pageHeight: how an animated GIF is stored.
  const animated = await sharp(Buffer.concat(frames), { raw: { width: 40, height: 90, channels: 3, pageHeight: 30 } })
    .gif({ loop: 0 })
    .toBuffer();
  const result = await compressImage(animated, options);
  expect(result.format).toBe('gif');
  expect([result.width, result.height]).toEqual([40, 30]);
  expect((await sharp(result.data, { animated: true }).metadata()).pages).toBe(3);
});

test('a file that is not an image is rejected by its content, not its name', async () => {
  const error = await rejection(compressImage(Buffer.from('%PDF-1.4 not an image at all'), options));
  expect(error.code).toBe('unsupported');
  expect(error.message).toMatch(/JPEG, PNG, WebP, AVIF or GIF/);
});

test('a truncated JPEG gives a 400, not a crash', async () => {
  const input = await photoLike(300, 200).jpeg().toBuffer();
  const error = await rejection(compressImage(input.subarray(0, 400), options));
  expect(error.code).toBe('undecodable');
});

test('TIFF decodes but is not a supported web format', async () => {
  const error = await rejection(detectFormat(await photoLike(10, 10).tiff().toBuffer()));
  expect(error.code).toBe('unsupported');
});

test('an empty upload asks for an image file', async () => {
  const error = await rejection(compressImage(Buffer.alloc(0), options));
  expect([error.code, error.message]).toEqual(['no-image', 'Please select an image file']);
});

const base = { quality: 70, animated: false, maxPixels: 50_000_000, timeoutSeconds: 20 } as const;

test('resize fits inside the box with its aspect kept, by width, height or both, and never enlarges', async () => {
  const input = await photoLike(400, 300).jpeg({ quality: 95 }).toBuffer();
  const size = async (resize: { width?: number; height?: number }) => {
    const result = await encodeImage(input, { ...base, format: 'jpeg', resize });
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height]).toEqual([result.width, result.height]);
    return [result.width, result.height];
  };
  expect(await size({ width: 200 })).toEqual([200, 150]);
  expect(await size({ height: 150 })).toEqual([200, 150]);
  expect(await size({ width: 100, height: 100 })).toEqual([100, 75]);
  // The longest side is a square box.
  expect(await size({ width: 80, height: 80 })).toEqual([80, 60]);
  expect(await size({ width: 4000 })).toEqual([400, 300]);
});

test('progressive JPEG on request, baseline otherwise', async () => {
  const input = await photoLike(200, 200).jpeg({ quality: 95 }).toBuffer();
  const progressive = await encodeImage(input, { ...base, format: 'jpeg', progressive: true });
  const baseline = await encodeImage(input, { ...base, format: 'jpeg', progressive: false });
  expect((await sharp(progressive.data).metadata()).isProgressive).toBe(true);
  expect((await sharp(baseline.data).metadata()).isProgressive).toBe(false);
});

test('metadata: stripped by default (GPS too), all kept on request, or only copyright and author kept', async () => {
  const input = await photoLike(120, 90)
    .withExif({
      IFD0: { Copyright: 'Copyright 2026 Lotus Lane Digital', Artist: 'A. Photographer', Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' },
    })
    .jpeg({ quality: 95 })
    .toBuffer();
  const tagsOf = async (metadata?: 'strip' | 'copyright' | 'keep') => {
    const result = await encodeImage(input, { ...base, format: 'jpeg', metadata });
    const { exif } = await sharp(result.data).metadata();
    return exif ? exifReader(exif) : null;
  };
  expect(await tagsOf()).toBeNull();
  expect(await tagsOf('strip')).toBeNull();
  const kept = await tagsOf('keep');
  expect(kept?.Image).toMatchObject({
    Copyright: 'Copyright 2026 Lotus Lane Digital',
    Artist: 'A. Photographer',
    Make: 'PhoneMaker',
  });
  expect(kept?.GPSInfo?.GPSLatitudeRef).toBe('N');
  const credit = await tagsOf('copyright');
  expect(credit?.Image).toMatchObject({ Copyright: 'Copyright 2026 Lotus Lane Digital', Artist: 'A. Photographer' });
  expect(credit?.Image?.Make).toBeUndefined();
  expect(credit?.GPSInfo).toBeUndefined();
  // An upload with no copyright gets none invented.
  const plain = await photoLike(60, 60).jpeg().toBuffer();
  const none = await encodeImage(plain, { ...base, format: 'jpeg', metadata: 'copyright' });
  expect((await sharp(none.data).metadata()).exif).toBeUndefined();
});

test('auto: every candidate is encoded and the smallest wins', async () => {
  const input = await photoLike(300, 200).png().toBuffer();
  const each = await Promise.all(
    (['png', 'webp', 'avif'] as const).map((format) => encodeImage(input, { ...base, format })),
  );
  const smallest = each.reduce((best, result) => (result.data.length < best.data.length ? result : best));
  const auto = await encodeImage(input, { ...base, format: 'png', candidates: ['png', 'webp', 'avif'] });
  expect(auto.format).toBe(smallest.format);
  expect(auto.data.length).toBe(smallest.data.length);
  expect(auto.format).not.toBe('png');
});
