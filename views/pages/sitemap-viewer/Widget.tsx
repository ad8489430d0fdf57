import { useEffect, useState } from 'react';
import { viewerCopy } from './content.ts';

type State = { kind: 'loading' } | { kind: 'loaded'; text: string } | { kind: 'error'; message: string };

/** Shows the site's own sitemap as text, fetched from GET /api/sitemap/file. */
export default function SitemapViewer() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    fetch('/api/sitemap/file')
      .then(async (res) => {
        if (!res.ok) throw new Error(viewerCopy.fetchFailed);
        return res.text();
      })
      .then((text) => !cancelled && setState({ kind: 'loaded', text }))
      .catch((error: unknown) => {
        if (!cancelled) setState({ kind: 'error', message: error instanceof Error ? error.message : viewerCopy.fetchFailed });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <div className="sitemap-viewer" aria-live="polite">
      {state.kind === 'loading' ? <p>{viewerCopy.loading}</p> : null}
      {state.kind === 'error' ? (
        <p className="error" role="alert">
          {viewerCopy.errorPrefix}
          {state.message}
        </p>
      ) : null}
      {state.kind === 'loaded' ? (
        <pre className="sitemap-box" tabIndex={0} aria-label="Sitemap XML">
          {state.text}
        </pre>
      ) : null}
    </div>
  );
}
