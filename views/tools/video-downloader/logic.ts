export const RESOLUTIONS = [1080, 720, 480, 360] as const;
export const DEFAULT_RESOLUTION = 1080;
export const READY = 'Video ready for download.';
export const NO_URL = 'Failed to get download URL.';
export const BUSY = 'Downloading video...';

export interface DownloadOutcome {
  status: string;
  link: string | null;
}

/** The API's fallback message when a failed answer carries no `error` text. */
export const REQUEST_FAILED = 'Request failed';

/** Spec 4 and 8: a link means ready; success without one is a failure. */
export function downloadOutcome(body: { downloadUrl?: unknown } | null): DownloadOutcome {
  if (body && typeof body.downloadUrl === 'string' && body.downloadUrl)
    return { status: READY, link: body.downloadUrl };
  return { status: NO_URL, link: null };
}

/** Errors show the server's text (carried by the request helper's error), else the transport's message. */
export function downloadFailure(caught: unknown): DownloadOutcome {
  const reason = caught instanceof Error && caught.message ? caught.message : REQUEST_FAILED;
  return { status: `Error downloading video: ${reason}`, link: null };
}

/** The Shorts page colours its status: red when it starts with "Error", green otherwise. */
export function statusTone(status: string): 'error' | 'success' {
  return status.startsWith('Error') ? 'error' : 'success';
}
