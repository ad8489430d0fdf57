import { expect, test } from 'vitest';
import { compressFieldsSchema } from './schema.ts';
import { compressionPercent, formatBytes, outputFileName, uniqueFileNames } from './logic.ts';

test('percentage comes from the real sizes with two decimals', () => {
  expect(compressionPercent(200_000, 61_234)).toBe('69');
  expect(compressionPercent(100_000, 5_650)).toBe('94');
  expect(compressionPercent(1000, 1000)).toBe('0');
  expect(compressionPercent(1000, 1002)).toBe('0');
  expect(compressionPercent(1000, 1100)).toBe('-10');
  expect(compressionPercent(0, 10)).toBe('0');
});

test('the result keeps the upload name with the output extension', () => {
  expect(outputFileName('holiday-photo.jpg', 'webp')).toBe('holiday-photo.webp');
  expect(outputFileName('holiday-photo.jpg', 'jpeg')).toBe('holiday-photo.jpg');
  expect(outputFileName('Scan 2024.final.PNG', 'avif')).toBe('Scan 2024.final.avif');
  expect(outputFileName('दिल्ली की फोटो.jpeg', 'jpeg')).toBe('दिल्ली की फोटो.jpg');
});

test('file names lose folders and characters file systems refuse; nothing left becomes image', () => {
  expect(outputFileName('C:\\Users\\me\\Pictures\\cat.gif', 'gif')).toBe('cat.gif');
  expect(outputFileName('../../etc/passwd', 'png')).toBe('passwd.png');
  expect(outputFileName('a<b>:c|d?e*"f.jpg', 'jpeg')).toBe('abcdef.jpg');
  expect(outputFileName('..jpg', 'webp')).toBe('image.webp');
  expect(outputFileName('', 'png')).toBe('image.png');
  expect(outputFileName('x\u0000\u001b.jpg', 'jpeg')).toBe('x.jpg');
  expect(outputFileName(`${'a'.repeat(300)}.jpg`, 'jpeg')).toBe(`${'a'.repeat(120)}.jpg`);
});

test('names in one zip are unique, ignoring letter case', () => {
  expect(uniqueFileNames(['photo.webp', 'Photo.webp', 'photo.webp', 'other.webp', 'noext'])).toEqual([
    'photo.webp',
    'Photo (2).webp',
    'photo (3).webp',
    'other.webp',
    'noext',
  ]);
});

test('byte sizes read naturally', () => {
  expect([formatBytes(512), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual(['512 B', '2.0 KB', '3.00 MB']);
});

test('quality defaults to 70 and must be 10 to 100', () => {
  const defaults = { progressive: true, metadata: 'strip' };
  expect(compressFieldsSchema.parse({})).toEqual({ quality: 70, format: 'same', ...defaults });
  expect(compressFieldsSchema.parse({ quality: '10', format: 'webp' })).toEqual({
    quality: 10,
    format: 'webp',
    ...defaults,
  });
  expect(compressFieldsSchema.parse({ quality: '', format: '' })).toEqual({ quality: 70, format: 'same', ...defaults });
  expect(compressFieldsSchema.safeParse({ quality: '9' }).error?.issues[0].message).toBe(
    'Quality must be at least 10.',
  );
  expect(compressFieldsSchema.safeParse({ quality: '101' }).error?.issues[0].message).toBe(
    'Quality must be at most 100.',
  );
  expect(compressFieldsSchema.safeParse({ quality: 'high' }).success).toBe(false);
  expect(compressFieldsSchema.safeParse({ format: 'bmp' }).error?.issues[0].message).toBe(
    'Format must be same, webp, avif or auto.',
  );
});
