import type { HeadMeta } from './SeoHead.tsx';

export const notFoundMeta = (path: string): HeadMeta => ({
  path,
  title: '404 - Page Not Found',
  description: 'The page you are looking for does not exist.',
  robots: 'noindex, follow',
});

export function NotFound() {
  return (
    <section className="page-narrow status-page">
      <h1>404 - Page Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <p>
        <a className="button" href="/">
          Go to Home
        </a>
      </p>
    </section>
  );
}
