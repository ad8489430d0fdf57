import { useState, type FormEvent } from 'react';
import { postJson, serverError } from '../video-downloader/request.ts';
import type { TagGeneratorResponse } from './schema.ts';
import { TagChips } from './TagChips.tsx';

export interface TagGeneratorProps {
  idPrefix: string;
}

export default function TagGeneratorWidget({ idPrefix }: TagGeneratorProps) {
  const [videoUrl, setVideoUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<TagGeneratorResponse | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!videoUrl.trim()) return;
    setBusy(true);
    setError('');
    setResult(null);
    try {
      const reply = await postJson('/api/youtube-tag-generator', { videoUrl: videoUrl.trim() });
      if (!reply.ok || !Array.isArray(reply.body?.tags)) {
        const reason = serverError(reply);
        setError(reason ? `Failed to generate tags: ${reason}` : 'Failed to generate tags');
        return;
      }
      setResult(reply.body as unknown as TagGeneratorResponse);
    } catch {
      setError('Failed to generate tags');
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
          {busy ? 'Generating...' : 'Generate Tags'}
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
            Tags for <strong>{result.title}</strong>: {result.videoTags.length} from the video itself (highlighted), {result.suggestions.length} suggested from its title and
            description.
          </p>
          {result.tags.length ? <TagChips tags={result.tags} own={result.videoTags} /> : <p>This video has no title, description or tags to work from.</p>}
        </div>
      ) : null}
    </form>
  );
}
