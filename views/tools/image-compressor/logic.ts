// Limits shared by the widget and the API (kept free of zod so the island stays small).
export const QUALITY_MIN = 10;
export const QUALITY_MAX = 100;
export const QUALITY_DEFAULT = 70;
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Files one batch may hold (picker or drop). */
export const MAX_BATCH_FILES = 20;
export const OUTPUT_CHOICES = ['same', 'webp', 'avif', 'auto'] as const;
/** What happens to EXIF/XMP/IPTC: dropped (GPS included), only copyright and author kept, or all kept. */
export const METADATA_CHOICES = ['strip', 'copyright', 'keep'] as const;
/** Largest width, height or longest side a resize may ask for (pixels). */
export const MAX_RESIZE_PX = 16_384;

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };

/** Saving as a percentage of the original, from the real byte sizes, to 2 decimals (negative if it grew). */
export function compressionPercent(originalSize: number, compressedSize: number): string {
  // Whole percents: a second decimal ("94.35%") reads as precision nobody uses.
  if (!(originalSize > 0)) return '0';
  return String(Math.round(((originalSize - compressedSize) / originalSize) * 100));
}

/**
 * The result's file name: the upload's base name with the output format's extension
 * (`holiday-photo.jpg` as WebP → `holiday-photo.webp`). Folders, control characters and characters
 * that file systems refuse are dropped; a name with nothing left becomes `image`.
 */
export function outputFileName(originalName: string, format: string): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const safe = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not keep
    .replace(/[\u0000-\u001f\u007f<>:"|?*]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return `${safe || 'image'}.${EXTENSIONS[format] ?? 'jpg'}`;
}

/** Names for a zip: the second `photo.webp` becomes `photo (2).webp`, compared without letter case. */
export function uniqueFileNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
