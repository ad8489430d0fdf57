import { Table } from '#views/components/Table.tsx';
import { brokenStatusLabel } from './logic.ts';
import type { BrokenLinkView } from './schema.ts';

/** The links the crawl followed to pages of the site that answered an error, with the page linking to each. */
export function BrokenLinks({ links, total, idPrefix }: { links: BrokenLinkView[]; total: number; idPrefix: string }) {
  const heading = `${idPrefix}-broken-heading`;
  return (
    <section className="sitemap-broken" aria-labelledby={heading}>
      <h3 id={heading}>Broken links ({total})</h3>
      {total === 0 ? (
        <p>No broken links: every link the crawl followed on your site led to a page that answered.</p>
      ) : (
        <>
          <p>
            Links on your pages to URLs of your site that answered an error or did not answer. Fix the link on the page
            it comes from, or make the target work again.
            {links.length < total ? ` The first ${links.length} of ${total} are listed.` : ''}
          </p>
          <div className="sitemap-scroll">
            <Table className="sitemap-table" columns={['Linked from', 'Broken link', 'Status']}>
              {links.map((link) => (
                <tr key={`${link.source} ${link.target}`}>
                  <td className="url-cell" data-label="Linked from">
                    {link.source}
                  </td>
                  <td className="url-cell" data-label="Broken link">
                    {link.target}
                  </td>
                  <td data-label="Status">{brokenStatusLabel(link)}</td>
                </tr>
              ))}
            </Table>
          </div>
        </>
      )}
    </section>
  );
}
