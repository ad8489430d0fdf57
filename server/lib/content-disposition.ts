/** `Content-Disposition: attachment` for a file name: an ASCII fallback plus the exact UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string): string {
  const plain = filename.replace(/[^\w.-]+/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
