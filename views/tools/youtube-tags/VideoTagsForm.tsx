import { useState, type FormEvent, type ReactNode } from 'react';
import { requestJson, withServerReason } from '#views/lib/request-json.ts';
import { useRequest } from '#views/lib/use-request.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

interface VideoTagsFormProps<T> {
  idPrefix: string;
  endpoint: string;
  idleLabel: string;
  busyLabel: string;
  /** The spec's failure message; the server's reason, when given, follows it after a colon. */
  failure: string;
  renderResult: (result: T) => ReactNode;
}

/** The video-URL form both tag tools share: one request, busy label, error line, result. */
export function VideoTagsForm<T extends { tags: string[] }>({
  idPrefix,
  endpoint,
  idleLabel,
  busyLabel,
  failure,
  renderResult,
}: VideoTagsFormProps<T>) {
  const [videoUrl, setVideoUrl] = useState('');
  const { busy, error, result, run } = useRequest<T>((caught) => withServerReason(failure, caught));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!videoUrl.trim()) return;
    void run(async () => {
      const body = await requestJson<T | null>(endpoint, failure, { videoUrl: videoUrl.trim() });
      // An answer without tags says only the spec's message (an Error of ours carries no server reason).
      if (!Array.isArray(body?.tags)) throw new Error(failure);
      return body;
    });
  }

  return (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${idPrefix}-url`}>YouTube video URL</label>
      <input
        id={`${idPrefix}-url`}
        type="url"
        inputMode="url"
        placeholder="https://www.youtube.com/watch?v=..."
        value={videoUrl}
        onChange={(event) => setVideoUrl(event.target.value)}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy || !videoUrl.trim()}>
          {busy ? busyLabel : idleLabel}
        </button>
      </div>
      <ErrorMessage error={error} />
      {result ? <div className="result">{renderResult(result)}</div> : null}
    </form>
  );
}
