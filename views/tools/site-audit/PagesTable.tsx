import { useEffect, useState } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import type { IssueType } from '#views/model/site-audit.ts';
import { positionWords } from '#views/model/site-audit-report.ts';
import { formatBytes, shortUrl } from './logic.ts';
import type { AuditPageRow, AuditPagesResponse } from './schema.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';

const PER_PAGE = 25;

function statusOf(row: AuditPageRow): string {
  if (row.facts.blocked) return 'blocked';
  if (row.facts.error) return 'failed';
  return String(row.facts.status);
}

function PageFacts({ row, types, siteUrl }: { row: AuditPageRow; types: Map<string, IssueType>; siteUrl?: string }) {
  const f = row.facts;
  const facts: Array<[string, string | number | null]> = [
    ['Status', f.error ? `failed: ${f.error}` : f.blocked ? 'blocked by robots.txt' : f.status],
    ['Redirects to', f.redirectTo],
    ['Title', f.title],
    ['Meta description', f.description],
    ['H1', f.h1],
    ['Words', f.words],
    ['Canonical', f.canonical],
    ['Language', f.lang],
    ['Noindex', f.noindex === null ? null : f.noindex ? 'yes' : 'no'],
    ['Click depth', f.depth],
    ['Linked from', `${f.inlinks} page${f.inlinks === 1 ? '' : 's'}`],
    ['In sitemap', f.inSitemap ? 'yes' : 'no'],
    ['Time to first byte', f.status ? `${f.ttfbMs} ms` : null],
    ['Size', f.status ? formatBytes(f.bytes) : null],
  ];
  return (
    <div className="audit-page-facts">
      <dl>
        {facts
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {row.issues.length ? (
        <ul className="audit-page-issues">
          {row.issues.map((type) => {
            const links = row.links?.find((entry) => entry.type === type)?.links;
            return (
              <li key={type} className={`audit-${types.get(type)?.severity ?? 'notice'}`}>
                {types.get(type)?.title ?? type}
                {links?.length ? (
                  <ul className="audit-page-links">
                    {links.map((link, index) => (
                      <li key={index}>
                        {`“${link.anchor || '(no text)'}” → ${shortUrl(link.target, siteUrl)}, ${positionWords(link.position)}`}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>No issues on this URL.</p>
      )}
    </div>
  );
}

/** Every crawled URL, paged, each expandable to its facts and issues. */
export function PagesTable({
  auditId,
  siteUrl,
  types,
  idPrefix,
}: {
  auditId: string;
  siteUrl?: string;
  types: Map<string, IssueType>;
  idPrefix: string;
}) {
  const [page, setPage] = useState(1);
  const [issue, setIssue] = useState('');
  const [data, setData] = useState<AuditPagesResponse | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ page: String(page), perPage: String(PER_PAGE), ...(issue ? { issue } : {}) });
    requestJson<AuditPagesResponse>(`/api/site-audits/${auditId}/pages?${query}`, 'Failed to load the pages')
      .then((result) => live && (setData(result), setError('')))
      .catch((failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)));
    return () => {
      live = false;
    };
  }, [auditId, page, issue]);

  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <div className="audit-pages">
      <h3>Pages</h3>
      <label htmlFor={`${idPrefix}-page-issue`}>Show URLs with</label>
      <select
        id={`${idPrefix}-page-issue`}
        value={issue}
        onChange={(event) => {
          setIssue(event.target.value);
          setPage(1);
        }}
      >
        <option value="">any issue or none</option>
        {[...types.values()].map((type) => (
          <option key={type.type} value={type.type}>
            {type.title}
          </option>
        ))}
      </select>
      <ErrorMessage error={error} />
      {data ? (
        <>
          <p>{data.total.toLocaleString('en-IN')} URLs</p>
          <ul className="audit-page-list">
            {data.pages.map((row) => (
              <li key={row.url}>
                <details>
                  <summary>
                    <span className="audit-page-status">{statusOf(row)}</span>
                    <span className="audit-page-url">{shortUrl(row.url, siteUrl)}</span>
                    <span className="audit-count">{row.issues.length}</span>
                  </summary>
                  <PageFacts row={row} types={types} siteUrl={siteUrl} />
                </details>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="audit-pager" aria-label="Pages of URLs">
              <button type="button" className="button secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="button secondary"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
