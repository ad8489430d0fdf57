import { useState, type FormEvent } from 'react';
import { postJson, serverError } from '../video-downloader/request.ts';
import type { TagsExtractorResponse } from './schema.ts';
import { TagChips } from './TagChips.tsx';

export interface TagsExtractorProps {
  idPrefix: string;
}

export default function TagsExtractorWidget({ idPrefix }: TagsExtractorProps) {
  const [videoUrl, setVideoUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<TagsExtractorResponse | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!videoUrl.trim()) return;
    setBusy(true);
    setError('');
    setResult(null);
    try {
      const reply = await postJson('/api/youtube-tags-extractor', { videoUrl: videoUrl.trim() });
      if (!reply.ok || !Array.isArray(reply.body?.tags)) {
        const reason = serverError(reply);
        setError(reason ? `Failed to extract tags: ${reason}` : 'Failed to extract tags');
        return;
      }
      setResult(reply.body as unknown as TagsExtractorResponse);
    } catch {
      setError('Failed to extract tags');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${idPrefix}-url`}>YouTube video URL</label>
      <input id={`${idPrefix}-url`} type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=..." value={videoUrl} onChange={(event) => setVideoUrl(event.target.value)} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy || !videoUrl.trim()}>
          {busy ? 'Fetching...' : 'Extract Tags'}
        </button>
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {result ? (
        <div className="result">
          <p className="video-meta">
            <strong>{result.title}</strong> · {result.channel}
          </p>
          {result.tags.length ? <TagChips tags={result.tags} own={result.tags} /> : <p>The creator did not add any tags to this video.</p>}
        </div>
      ) : null}
    </form>
  );
}
