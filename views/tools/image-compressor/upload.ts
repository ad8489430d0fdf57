import { apiUpload, serverReason } from '#views/lib/request-json.ts';
import type { CompressResponse } from './schema.ts';

/** What the form sends besides the file (the API's fields: schema.ts). */
export interface UploadFields {
  quality: number;
  format: string;
  /** Longest side in pixels; absent: no resize. */
  longestSide?: number;
  progressive: boolean;
  metadata: string;
}

export type UploadOutcome = { ok: true; result: CompressResponse } | { ok: false; error: string };

/**
 * Sends one file to the compressor through the site's one API helper; `onProgress` gets 0–100 while
 * the bytes go up, then the server compresses. The error is the server's reason ('' when it gave none).
 */
export async function uploadImage(
  file: File,
  fields: UploadFields,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('quality', String(fields.quality));
  form.append('format', fields.format);
  if (fields.longestSide) form.append('longestSide', String(fields.longestSide));
  form.append('progressive', fields.progressive ? 'true' : 'false');
  form.append('metadata', fields.metadata);
  form.append('image', file);
  try {
    const body = (await apiUpload('/api/image-compressor/compress', '', form, {
      onProgress,
      signal,
    })) as Partial<CompressResponse> | null;
    return body?.compressedImageUrl ? { ok: true, result: body as CompressResponse } : { ok: false, error: '' };
  } catch (caught) {
    if (caught instanceof DOMException && caught.name === 'AbortError') return { ok: false, error: 'Cancelled.' };
    return { ok: false, error: serverReason(caught) };
  }
}

/** The bytes of a base64 `data:` URL (fetch() of data: URLs is blocked by the site's CSP). */
export function dataUrlBytes(url: string): Uint8Array {
  const base64 = url.slice(url.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
