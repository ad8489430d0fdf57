import type { HeadMeta } from './SeoHead.tsx';

export const errorMeta = (path: string): HeadMeta => ({
  path,
  title: 'Something went wrong',
  description: 'An unexpected error occurred while rendering this page.',
  robots: 'noindex, nofollow',
});

/** The spec's render-error screen; details appear only outside production. */
export function ErrorScreen({ details }: { details?: string }) {
  return (
    <section className="page-narrow status-page" role="alert">
      <h1>Something went wrong.</h1>
      <p>Please refresh the page or go back to the home page.</p>
      {details ? (
        <details className="error-details">
          <summary>Error details</summary>
          <pre>{details}</pre>
        </details>
      ) : null}
      <p>
        <a className="button" href="/">
          Go to Home
        </a>
      </p>
    </section>
  );
}
