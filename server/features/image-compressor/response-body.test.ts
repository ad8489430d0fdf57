import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { compressResponseBody } from './response-body.ts';

const rest = {
  originalSize: 5_300_000,
  compressedSize: 1_498_204,
  format: 'jpeg',
  width: 4000,
  height: 3000,
  fileName: 'दिल्ली "फोटो".jpg',
  keptOriginal: false,
};

/** What res.json made of the same answer before. */
const reference = (image: Buffer, mimeType: string) =>
  Buffer.from(
    JSON.stringify({ compressedImageUrl: `data:${mimeType};base64,${image.toString('base64')}`, ...rest }),
    'utf8',
  );

// Empty, one to three bytes (each padding case), both sides of the 48 KB step, and several steps.
test.each([0, 1, 2, 3, 4, 49_151, 49_152, 49_153, 98_304, 200_003])(
  'a %i-byte image gives exactly the bytes JSON.stringify gives',
  (size) => {
    const image = randomBytes(size);
    const body = compressResponseBody(image, 'image/webp', rest);
    expect(body.equals(reference(image, 'image/webp'))).toBe(true);
    const parsed = JSON.parse(body.toString('utf8'));
    expect(
      Buffer.from(parsed.compressedImageUrl.replace(/^data:image\/webp;base64,/, ''), 'base64').equals(image),
    ).toBe(true);
    expect(parsed.fileName).toBe('दिल्ली "फोटो".jpg');
  },
);
