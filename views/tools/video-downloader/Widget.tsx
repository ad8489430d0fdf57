import { useState, type FormEvent } from 'react';
import { BUSY, DEFAULT_RESOLUTION, downloadFailure, downloadOutcome, REQUEST_FAILED, RESOLUTIONS } from './logic.ts';
import { requestJson } from '#views/lib/request-json.ts';

export interface VideoDownloaderProps {
  idPrefix: string;
  /** API path, e.g. /api/pinterest/download */
  endpoint: string;
  placeholder: string;
  /** Pinterest offers a resolution choice; Instagram does not. */
  withResolution: boolean;
}

/** Pinterest and Instagram downloaders (spec 2.5, 4, 5, 8): same states, same messages. */
export default function VideoDownloaderWidget({ idPrefix, endpoint, placeholder, withResolution }: VideoDownloaderProps) {
  const [videoUrl, setVideoUrl] = useState('');
  const [resolution, setResolution] = useState<number>(DEFAULT_RESOLUTION);
  const [status, setStatus] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!videoUrl.trim()) {
      setLink(null);
      setStatus('Please enter a video URL.');
      return;
    }
    setStatus(BUSY);
    setLink(null);
    setBusy(true);
    try {
      const reply = await requestJson<{ downloadUrl?: unknown } | null>(endpoint, REQUEST_FAILED, withResolution ? { videoUrl, resolution } : { videoUrl });
      const outcome = downloadOutcome(reply);
      setStatus(outcome.status);
      setLink(outcome.link);
    } catch (error) {
      setStatus(downloadFailure(error).status);
    } finally {
      setBusy(false);
    }
  }

  const failed = status.startsWith('Error') || status.startsWith('Please') || status.startsWith('Failed');
  return (
    <form className="tool-card downloader" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('url')}>Video URL:</label>
      <input id={id('url')} type="text" inputMode="url" placeholder={placeholder} value={videoUrl} onChange={(event) => setVideoUrl(event.target.value)} />
      {withResolution ? (
        <>
          <label htmlFor={id('resolution')}>Select Resolution:</label>
          <select id={id('resolution')} value={resolution} onChange={(event) => setResolution(Number(event.target.value))}>
            {RESOLUTIONS.map((value) => (
              <option key={value} value={value}>
                {value}p
              </option>
            ))}
          </select>
        </>
      ) : null}
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          Download
        </button>
      </div>
      {status ? (
        <p className={failed ? 'status status-error' : 'status status-ok'} role="status">
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
