import { progressPercent } from './logic.ts';
import type { GenerateSitemapResponse, SitemapProgress } from './schema.ts';

/** The crawl's live counts while it runs. */
export function CrawlProgress({ progress }: { progress: SitemapProgress }) {
  return (
    <div className="sitemap-progress" role="status" aria-live="polite">
      <progress max={100} value={progressPercent(progress)} aria-label="Crawl progress" />
      <p>
        Pages found: <strong>{progress.found}</strong> · Queued: <strong>{progress.queued}</strong> · Skipped:{' '}
        <strong>{progress.skipped}</strong>
      </p>
    </div>
  );
}

/** The stored sitemap: its path and page count, its full link, and the HTML sitemap when there is one. */
export function GeneratedSitemap({ result, link }: { result: GenerateSitemapResponse; link: string }) {
  const { pages } = result.record;
  return (
    <div className="sitemap-result">
      <p className="success">
        Sitemap generated with {pages ?? 0} page{pages === 1 ? '' : 's'}: <code>{result.sitemap}</code>
      </p>
      <p className="sitemap-link">
        Full link:{' '}
        <a href={link} target="_blank" rel="noopener">
          {link}
        </a>
      </p>
      {result.report.htmlSitemap ? (
        <p className="sitemap-html-links">
          HTML sitemap for visitors:{' '}
          <a href={result.report.htmlSitemap} target="_blank" rel="noopener">
            View
          </a>{' '}
          ·{' '}
          <a href={`${result.report.htmlSitemap}?download=1`} download="sitemap.html">
            Download sitemap.html
          </a>
        </p>
      ) : null}
    </div>
  );
}
