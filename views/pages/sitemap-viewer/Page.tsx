import { preload } from 'react-dom';
import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import { heading, intro, meta, viewerCopy } from './content.ts';
import SitemapViewer from './Widget.tsx';

function SitemapPage() {
  // Start fetching the sitemap with the HTML, not after the island's code has loaded.
  preload('/api/sitemap/file', { as: 'fetch', crossOrigin: 'anonymous' });
  return (
    <article className="content-page">
      <header className="page-hero">
        <h1>{heading}</h1>
        <p className="lead">{intro}</p>
        <p>
          <a href="/sitemap.xml" target="_blank" rel="noopener">
            {viewerCopy.rawLink}
          </a>
        </p>
      </header>
      <Island name="pages/sitemap-viewer/Widget" component={SitemapViewer} props={{}} />
    </article>
  );
}

export const sitemapViewerPage = definePage({
  path: '/sitemap',
  navLabel: 'Sitemap',
  title: meta.title,
  description: meta.description,
  keywords: meta.keywords.join(', '),
  Component: SitemapPage,
});
