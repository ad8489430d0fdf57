import { useEffect, useState } from 'react';
import { ApiError, requestText } from '#views/lib/request-json.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { viewerCopy } from './content.ts';

type State = { kind: 'loading' } | { kind: 'loaded'; text: string } | { kind: 'error'; message: string };

/** Shows the site's own sitemap as text, fetched from GET /api/sitemap/file. */
export default function SitemapViewer() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    requestText('/api/sitemap/file', viewerCopy.fetchFailed)
      .then((text) => !cancelled && setState({ kind: 'loaded', text }))
      .catch((error: unknown) => {
        // A failed answer gets the spec's message; a network failure keeps the browser's own.
        const message = error instanceof Error && !(error instanceof ApiError) ? error.message : viewerCopy.fetchFailed;
        if (!cancelled) setState({ kind: 'error', message });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <div className="sitemap-viewer" aria-live="polite">
      {state.kind === 'loading' ? <p>{viewerCopy.loading}</p> : null}
      <ErrorMessage error={state.kind === 'error' ? `${viewerCopy.errorPrefix}${state.message}` : null} />
      {state.kind === 'loaded' ? (
        <pre className="sitemap-box" tabIndex={0} aria-label="Sitemap XML">
          {state.text}
        </pre>
      ) : null}
    </div>
  );
}
