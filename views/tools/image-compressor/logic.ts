// Limits shared by the widget and the API (kept free of zod so the island stays small).
export const QUALITY_MIN = 10;
export const QUALITY_MAX = 100;
export const QUALITY_DEFAULT = 70;
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const OUTPUT_CHOICES = ['same', 'webp', 'avif'] as const;

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };

/** Saving as a percentage of the original, from the real byte sizes, to 2 decimals (negative if it grew). */
export function compressionPercent(originalSize: number, compressedSize: number): string {
  if (!(originalSize > 0)) return '0.00';
  return (((originalSize - compressedSize) / originalSize) * 100).toFixed(2);
}

export function downloadName(format: string): string {
  return `compressed-image.${EXTENSIONS[format] ?? 'jpg'}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
