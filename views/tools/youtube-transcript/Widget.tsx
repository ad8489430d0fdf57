import { useState, type FormEvent } from 'react';
import { CopyButton } from '#views/components/CopyButton.tsx';
import { ApiError, requestJson, serverReason } from '#views/lib/request-json.ts';
import { trackLabel, transcriptDownloadHref } from './logic.ts';
import type { TranscriptResponse } from './schema.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

const FETCH_FAILED = 'Failed to fetch transcript';
export interface TranscriptWidgetProps {
  idPrefix: string;
}

export default function TranscriptWidget({ idPrefix }: TranscriptWidgetProps) {
  const [videoUrl, setVideoUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<(TranscriptResponse & { videoUrl: string }) | null>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  async function load(url: string, lang?: string) {
    setBusy(true);
    setError('');
    if (!lang) setResult(null);
    try {
      const body = await requestJson<TranscriptResponse | null>(
        '/api/youtube-transcript/get',
        FETCH_FAILED,
        lang ? { videoUrl: url, lang } : { videoUrl: url },
      );
      if (typeof body?.transcript !== 'string') {
        setResult(null);
        setError(FETCH_FAILED);
        return;
      }
      setResult({ ...body, videoUrl: url });
    } catch (caught) {
      // A failed answer clears the old transcript; a network failure leaves it on screen.
      if (caught instanceof ApiError) setResult(null);
      setError(serverReason(caught) || FETCH_FAILED);
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (videoUrl.trim()) void load(videoUrl.trim());
  }

  return (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('url')}>YouTube video URL</label>
      <input
        id={id('url')}
        type="url"
        inputMode="url"
        placeholder="https://www.youtube.com/watch?v=..."
        value={videoUrl}
        onChange={(event) => setVideoUrl(event.target.value)}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy || !videoUrl.trim()}>
          {busy ? 'Fetching...' : 'Get Transcript'}
        </button>
      </div>
      <ErrorMessage error={error} />
      {result ? (
        <div className="result transcript-result">
          <p className="video-meta">
            <strong>{result.title}</strong> · {result.channel}
          </p>
          {result.languages.length > 1 ? (
            <>
              <label htmlFor={id('lang')}>Caption language</label>
              <select
                id={id('lang')}
                value={result.trackId}
                disabled={busy}
                onChange={(event) => void load(result.videoUrl, event.target.value)}
              >
                {result.languages.map((track) => (
                  <option key={track.id} value={track.id}>
                    {trackLabel(track)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <pre className="transcript-box" tabIndex={0} aria-label="Transcript">
            {result.transcript}
          </pre>
          <div className="actions">
            <CopyButton text={result.transcript} label="Copy transcript" />
            {(['txt', 'srt', 'pdf'] as const).map((format) => (
              <a
                key={format}
                className="button secondary"
                href={transcriptDownloadHref(result.videoUrl, result.trackId, format)}
                download
              >
                Download {format.toUpperCase()}
              </a>
            ))}
          </div>
        </div>
      ) : null}
    </form>
  );
}
