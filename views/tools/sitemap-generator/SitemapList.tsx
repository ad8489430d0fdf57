import { Table } from '#views/components/Table.tsx';
import type { SitemapListItem } from './schema.ts';
import { useLocalTime } from '#views/lib/local-time.ts';

/** Previously generated sitemaps, newest first (loaded by the widget on entry and after each success). */
export function SitemapList({ loaded, items }: { loaded: boolean; items: SitemapListItem[] }) {
  const formatDate = useLocalTime();
  return (
    <section className="sitemap-list" aria-labelledby="sitemap-list-heading">
      <h2 id="sitemap-list-heading">Previously generated sitemaps</h2>
      {!loaded ? (
        <p className="sitemap-muted">Loading sitemaps...</p>
      ) : items.length === 0 ? (
        <p>No sitemaps generated yet.</p>
      ) : (
        <div className="sitemap-scroll">
          <Table className="sitemap-table" columns={['Website', 'Pages', 'Generated', 'Sitemap']}>
            {items.map((item) => (
              <tr key={item._id}>
                <td className="url-cell" data-label="Website">
                  {item.url}
                </td>
                <td data-label="Pages">{item.pages}</td>
                <td data-label="Generated">{formatDate(item.createdAt)}</td>
                <td className="url-cell" data-label="Sitemap">
                  <a href={item.sitemapPath} target="_blank" rel="noopener">
                    {item.sitemapPath.slice(item.sitemapPath.lastIndexOf('/') + 1)}
                  </a>
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </section>
  );
}
