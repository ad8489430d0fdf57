import type { CompressResponse } from './schema.ts';

export type UploadOutcome = { ok: true; result: CompressResponse } | { ok: false; error: string };

/**
 * Sends one file to the compressor. XMLHttpRequest rather than fetch because only it reports upload
 * progress; `onProgress` gets 0–100 while the bytes go up, then the server compresses.
 */
export function uploadImage(file: File, fields: { quality: number; format: string }, onProgress: (percent: number) => void, signal: AbortSignal): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/image-compressor/compress');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as (Partial<CompressResponse> & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.compressedImageUrl) resolve({ ok: true, result: body as CompressResponse });
      else resolve({ ok: false, error: typeof body?.error === 'string' ? body.error : '' });
    };
    xhr.onerror = () => resolve({ ok: false, error: '' });
    xhr.onabort = () => resolve({ ok: false, error: 'Cancelled.' });
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('quality', String(fields.quality));
    form.append('format', fields.format);
    form.append('image', file);
    xhr.send(form);
  });
}

/** The bytes of a base64 `data:` URL (fetch() of data: URLs is blocked by the site's CSP). */
export function dataUrlBytes(url: string): Uint8Array {
  const base64 = url.slice(url.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
