import { useState, type FormEvent } from 'react';
import { statusTone } from './logic.ts';
import { DownloadOutcome } from './DownloadOutcome.tsx';
import { useDownload } from './use-download.ts';

export interface ShortsDownloaderProps {
  idPrefix: string;
}

/** YouTube Shorts downloader (spec 2.5): busy flag, red/green status, link in a new tab. */
export default function ShortsDownloaderWidget({ idPrefix }: ShortsDownloaderProps) {
  const [videoUrl, setVideoUrl] = useState('');
  const { status, link, busy, run, reject } = useDownload('/api/youtube/download');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!videoUrl.trim()) return reject('Please enter a YouTube Shorts video URL.');
    await run({ videoUrl });
  }

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
            reject('Please enter a YouTube Shorts video URL.');
          }
        }}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy || !videoUrl.trim()}>
          {busy ? 'Downloading...' : 'Get Download Link'}
        </button>
      </div>
      <DownloadOutcome status={status} failed={statusTone(status) === 'error'} link={link} />
    </form>
  );
}
