import { expect, test } from 'vitest';
import { compressFieldsSchema } from './schema.ts';
import { compressionPercent, downloadName, formatBytes } from './logic.ts';

test('percentage comes from the real sizes with two decimals', () => {
  expect(compressionPercent(200_000, 61_234)).toBe('69.38');
  expect(compressionPercent(1000, 1000)).toBe('0.00');
  expect(compressionPercent(1000, 1100)).toBe('-10.00');
  expect(compressionPercent(0, 10)).toBe('0.00');
});

test('download name follows the output format', () => {
  expect(downloadName('jpeg')).toBe('compressed-image.jpg');
  expect(downloadName('webp')).toBe('compressed-image.webp');
  expect(downloadName('png')).toBe('compressed-image.png');
});

test('byte sizes read naturally', () => {
  expect([formatBytes(512), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual(['512 B', '2.0 KB', '3.00 MB']);
});

test('quality defaults to 70 and must be 10 to 100', () => {
  expect(compressFieldsSchema.parse({})).toEqual({ quality: 70, format: 'same' });
  expect(compressFieldsSchema.parse({ quality: '10', format: 'webp' })).toEqual({ quality: 10, format: 'webp' });
  expect(compressFieldsSchema.parse({ quality: '', format: '' })).toEqual({ quality: 70, format: 'same' });
  expect(compressFieldsSchema.safeParse({ quality: '9' }).error?.issues[0].message).toBe('Quality must be at least 10.');
  expect(compressFieldsSchema.safeParse({ quality: '101' }).error?.issues[0].message).toBe('Quality must be at most 100.');
  expect(compressFieldsSchema.safeParse({ quality: 'high' }).success).toBe(false);
  expect(compressFieldsSchema.safeParse({ format: 'bmp' }).error?.issues[0].message).toBe('Format must be same, webp or avif.');
});
