import { useState, type FormEvent } from 'react';
import { DEFAULT_RESOLUTION, RESOLUTIONS } from './logic.ts';
import { DownloadOutcome } from './DownloadOutcome.tsx';
import { useDownload } from './use-download.ts';

export interface VideoDownloaderProps {
  idPrefix: string;
  /** API path, e.g. /api/pinterest/download */
  endpoint: string;
  placeholder: string;
  /** Pinterest offers a resolution choice; Instagram does not. */
  withResolution: boolean;
}

/** Pinterest and Instagram downloaders (spec 2.5, 4, 5, 8): same states, same messages. */
export default function VideoDownloaderWidget({
  idPrefix,
  endpoint,
  placeholder,
  withResolution,
}: VideoDownloaderProps) {
  const [videoUrl, setVideoUrl] = useState('');
  const [resolution, setResolution] = useState<number>(DEFAULT_RESOLUTION);
  const { status, link, busy, run, reject } = useDownload(endpoint);
  const id = (name: string) => `${idPrefix}-${name}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!videoUrl.trim()) return reject('Please enter a video URL.');
    await run(withResolution ? { videoUrl, resolution } : { videoUrl });
  }

  const failed = status.startsWith('Error') || status.startsWith('Please') || status.startsWith('Failed');
  return (
    <form className="tool-card downloader" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('url')}>Video URL:</label>
      <input
        id={id('url')}
        type="text"
        inputMode="url"
        placeholder={placeholder}
        value={videoUrl}
        onChange={(event) => setVideoUrl(event.target.value)}
      />
      {withResolution ? (
        <>
          <label htmlFor={id('resolution')}>Select Resolution:</label>
          <select
            id={id('resolution')}
            value={resolution}
            onChange={(event) => setResolution(Number(event.target.value))}
          >
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
      <DownloadOutcome status={status} failed={failed} link={link} />
    </form>
  );
}
