export const RESOLUTIONS = [1080, 720, 480, 360] as const;
export const DEFAULT_RESOLUTION = 1080;
export const READY = 'Video ready for download.';
export const NO_URL = 'Failed to get download URL.';
export const BUSY = 'Downloading video...';

export interface DownloadOutcome {
  status: string;
  link: string | null;
}

/** Spec 4 and 8: a link means ready; success without one is a failure; errors prefer the server's text. */
export function downloadOutcome(result: { ok: boolean; body: { downloadUrl?: unknown; error?: unknown } | null; transportError?: string }): DownloadOutcome {
  if (result.ok && result.body && typeof result.body.downloadUrl === 'string' && result.body.downloadUrl) {
    return { status: READY, link: result.body.downloadUrl };
  }
  if (result.ok) return { status: NO_URL, link: null };
  const reason = result.body && typeof result.body.error === 'string' && result.body.error ? result.body.error : (result.transportError ?? 'Request failed');
  return { status: `Error downloading video: ${reason}`, link: null };
}

/** The Shorts page colours its status: red when it starts with "Error", green otherwise. */
export function statusTone(status: string): 'error' | 'success' {
  return status.startsWith('Error') ? 'error' : 'success';
}
