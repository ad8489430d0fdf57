import { PREVIEW_LIMIT, siteOrigin } from './logic.ts';

/** The URLs the downloaded file lists (the first PREVIEW_LIMIT, no inner scrolling), then where it goes. */
export function SitemapPreview({ locs, idPrefix }: { locs: string[]; idPrefix: string }) {
  const shown = locs.slice(0, PREVIEW_LIMIT);
  return (
    <section className="sitemap-preview" aria-labelledby={`${idPrefix}-preview-heading`}>
      <h2 id={`${idPrefix}-preview-heading`}>URLs in this sitemap ({locs.length})</h2>
      <ol>
        {shown.map((loc) => (
          <li key={loc} className="url-cell">
            {loc}
          </li>
        ))}
      </ol>
      {locs.length > shown.length ? (
        <p className="sitemap-muted">…and {locs.length - shown.length} more in the file.</p>
      ) : null}
    </section>
  );
}

export function SitemapNextSteps({ siteUrl, idPrefix }: { siteUrl: string; idPrefix: string }) {
  const origin = siteOrigin(siteUrl);
  return (
    <section className="sitemap-next" aria-labelledby={`${idPrefix}-next-heading`}>
      <h2 id={`${idPrefix}-next-heading`}>Where to upload it</h2>
      <ol>
        <li>
          Press <strong>Download</strong> and upload <code>sitemap.xml</code> to the root of your website, so that it
          opens at <code>{origin}/sitemap.xml</code>.
        </li>
        <li>
          Add this line to <code>{origin}/robots.txt</code>:{' '}
          <code className="robots-line">Sitemap: {origin}/sitemap.xml</code>
        </li>
        <li>
          In Google Search Console, open <strong>Sitemaps</strong>, enter <code>sitemap.xml</code> and press{' '}
          <strong>Submit</strong> (Bing Webmaster Tools has the same Sitemaps page).
        </li>
      </ol>
    </section>
  );
}
