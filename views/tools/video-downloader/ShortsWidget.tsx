import { useState, type FormEvent } from 'react';
import { BUSY, downloadFailure, downloadOutcome, REQUEST_FAILED, statusTone } from './logic.ts';
import { requestJson } from '#views/lib/request-json.ts';

export interface ShortsDownloaderProps {
  idPrefix: string;
}

/** YouTube Shorts downloader (spec 2.5): busy flag, red/green status, link in a new tab. */
export default function ShortsDownloaderWidget({ idPrefix }: ShortsDownloaderProps) {
  const [videoUrl, setVideoUrl] = useState('');
  const [status, setStatus] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    setLink(null);
    if (!videoUrl.trim()) {
      setStatus('Please enter a YouTube Shorts video URL.');
      return;
    }
    setBusy(true);
    setStatus(BUSY);
    try {
      const outcome = downloadOutcome(await requestJson<{ downloadUrl?: unknown } | null>('/api/youtube/download', REQUEST_FAILED, { videoUrl }));
      setStatus(outcome.status);
      setLink(outcome.link);
    } catch (error) {
      setStatus(downloadFailure(error).status);
    } finally {
      setBusy(false);
    }
  }

  const tone = statusTone(status);
  return (
    <form className="tool-card downloader" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${idPrefix}-url`}>Video URL:</label>
      <input
        id={`${idPrefix}-url`}
        type="text"
        inputMode="url"
        placeholder="Enter YouTube Shorts video URL"
        value={videoUrl}
        onChange={(event) => setVideoUrl(event.target.value)}
        onKeyDown={(event) => {
          // The button is disabled while the field is blank, which also blocks Enter; say why instead.
          if (event.key === 'Enter' && !videoUrl.trim()) {
            event.preventDefault();
            setLink(null);
            setStatus('Please enter a YouTube Shorts video URL.');
          }
        }}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy || !videoUrl.trim()}>
          {busy ? 'Downloading...' : 'Get Download Link'}
        </button>
      </div>
      {status ? (
        <p className={`status status-${tone === 'error' ? 'error' : 'ok'}`} role="status">
          {status}
        </p>
      ) : null}
      {link ? (
        <p className="download-link">
          <a href={link} target="_blank" rel="noopener noreferrer">
            Click here to download the video
          </a>
        </p>
      ) : null}
    </form>
  );
}
