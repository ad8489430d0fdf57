import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import { heading, intro, meta, viewerCopy } from './content.ts';
import SitemapViewer from './Widget.tsx';

function SitemapPage() {
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
      <Island name="pages/sitemap/Widget" component={SitemapViewer} props={{}} />
    </article>
  );
}

export const sitemapPage = definePage({
  path: '/sitemap',
  navLabel: 'Sitemap',
  title: meta.title,
  description: meta.description,
  keywords: meta.keywords.join(', '),
  Component: SitemapPage,
});
