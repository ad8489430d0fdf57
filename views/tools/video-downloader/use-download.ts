import { useState } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import { BUSY, downloadFailure, downloadOutcome, REQUEST_FAILED } from './logic.ts';

/**
 * The state every downloader (Pinterest, Instagram, YouTube Shorts) shares: the busy flag, the
 * status line and the file's link. `run` asks the endpoint for a link; `reject` shows an input
 * problem instead.
 */
export function useDownload(endpoint: string) {
  const [status, setStatus] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function reject(message: string) {
    setLink(null);
    setStatus(message);
  }

  async function run(body: unknown) {
    reject(BUSY);
    setBusy(true);
    try {
      const outcome = downloadOutcome(
        await requestJson<{ downloadUrl?: unknown } | null>(endpoint, REQUEST_FAILED, body),
      );
      setStatus(outcome.status);
      setLink(outcome.link);
    } catch (error) {
      setStatus(downloadFailure(error).status);
    } finally {
      setBusy(false);
    }
  }

  return { status, link, busy, run, reject };
}
