import { useEffect, useState, type ReactNode } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import type { IssueType } from '#views/model/site-audit.ts';
import { positionWords } from '#views/model/site-audit-report.ts';
import { VITALS, type VitalKey } from '#views/model/site-audit-checks/page-experience.ts';
import { formatBytes, plural, shortUrl } from './logic.ts';
import type { AuditPageRow, AuditPagesResponse, AuditResourceRow } from './schema.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { useSettled } from './use-settled.ts';
import { Pager } from './Pager.tsx';

const PER_PAGE = 25;

type Fact = [label: string, value: string | number | null];
type Row = AuditPageRow | AuditResourceRow;

function statusOf(row: Row): string {
  if (row.facts.blocked) return 'blocked';
  if (row.facts.error) return 'failed';
  return String(row.facts.status);
}

/** How a URL answered, the first line of its facts in either list. */
function statusFact(f: Row['facts']): Fact {
  return ['Status', f.error ? `failed: ${f.error}` : f.blocked ? 'blocked by robots.txt' : f.status];
}

/** A lab vital of a rendered page, "2.6 s"; null (not shown) for a page not rendered or without one. */
const vital = (key: VitalKey, value: number | null | undefined): string | null =>
  typeof value === 'number' ? VITALS[key].show(value) : null;

/** The pages list's orders: crawl order, or worst first by a lab vital (rendered audits; the API sorts). */
const SORTS: Array<[sort: string, label: string, key?: VitalKey]> = [
  ['', 'crawl order'],
  ['lcp', 'LCP, slowest first', 'lcpMs'],
  ['cls', 'CLS, largest first', 'cls'],
  ['tbt', 'TBT, longest first', 'tbtMs'],
];

/** The value a sorted pages list sorts by, shown on each row: "LCP 2.6 s", "LCP not measured". */
function sortedValue(row: Row, sort: string): string | null {
  const key = SORTS.find(([value]) => value === sort)?.[2];
  if (!key) return null;
  return `${VITALS[key].name} ${vital(key, (row.facts as AuditPageRow['facts'])[key]) ?? 'not measured'}`;
}

function pageFacts(f: AuditPageRow['facts']): Fact[] {
  return [
    statusFact(f),
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
    ['LCP (lab)', vital('lcpMs', f.lcpMs)],
    ['CLS (lab)', vital('cls', f.cls)],
    ['TBT (lab)', vital('tbtMs', f.tbtMs)],
  ];
}

function resourceFacts(f: AuditResourceRow['facts']): Fact[] {
  return [
    statusFact(f),
    ['Loaded as', f.loadedAs],
    ['Loaded by', plural(f.loadedBy, 'page')],
    ['Redirects to', f.redirectTo],
    ['Content type', f.contentType],
    ['Time to first byte', f.status ? `${f.ttfbMs} ms` : null],
    ['Size', f.status && f.bytes >= 0 ? formatBytes(f.bytes) : null],
  ];
}

function UrlFacts({
  row,
  facts,
  types,
  siteUrl,
}: {
  row: Row;
  facts: Fact[];
  types: Map<string, IssueType>;
  siteUrl?: string;
}) {
  const links = 'links' in row ? row.links : undefined;
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
            const behind = links?.find((entry) => entry.type === type)?.links;
            return (
              <li key={type} className={`audit-${types.get(type)?.severity ?? 'notice'}`}>
                {types.get(type)?.title ?? type}
                {behind?.length ? (
                  <ul className="audit-page-links">
                    {behind.map((link, index) => (
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

interface UrlListProps<R extends Row> {
  auditId: string;
  siteUrl?: string;
  types: Map<string, IssueType>;
  /** Where the rows come from: /api/site-audits/:id/pages or /resources. */
  list: 'pages' | 'resources';
  heading: string;
  /** The pager's name for screen readers. */
  pagerLabel: string;
  /** Prefix of the element ids, unique per list. */
  id: string;
  facts(row: R): Fact[];
  /** "12 URLs": the count line above the rows. */
  count(total: number): ReactNode;
  /** Offer the sorts by lab vitals (the pages of a rendered audit). */
  sortable?: boolean;
}

/** A list of the report's URLs, paged and filterable by issue, each expandable to its facts and issues. */
function UrlList<R extends Row>(props: UrlListProps<R>) {
  const { auditId, siteUrl, types, list, heading, id, facts, count } = props;
  const [page, setPage] = useState(1);
  const [issue, setIssue] = useState('');
  const [sort, setSort] = useState('');
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  const [data, setData] = useState<AuditPagesResponse<R> | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({
      page: String(page),
      perPage: String(PER_PAGE),
      ...(issue ? { issue } : {}),
      ...(sort ? { sort } : {}),
      ...(q ? { q } : {}),
    });
    requestJson<AuditPagesResponse<R>>(`/api/site-audits/${auditId}/${list}?${query}`, `Failed to load the ${list}`)
      .then((result) => live && (setData(result), setError('')))
      .catch((failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)));
    return () => {
      live = false;
    };
  }, [auditId, page, issue, sort, q]);

  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <div className={`audit-${list}`}>
      <h3>{heading}</h3>
      <label htmlFor={`${id}-issue`}>Show URLs with</label>
      <select
        id={`${id}-issue`}
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
      <label className="visually-hidden" htmlFor={`${id}-search`}>
        Search {list} by URL
      </label>
      <input
        id={`${id}-search`}
        type="search"
        placeholder="Search URLs"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      {props.sortable ? (
        <>
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select
            id={`${id}-sort`}
            value={sort}
            onChange={(event) => {
              setSort(event.target.value);
              setPage(1);
            }}
          >
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <ErrorMessage error={error} />
      {data ? (
        <>
          <p>{count(data.total)}</p>
          <ul className="audit-page-list">
            {data.pages.map((row) => (
              <li key={row.url}>
                <details>
                  <summary>
                    <span className="audit-page-status">{statusOf(row)}</span>
                    <span className="audit-page-url">{shortUrl(row.url, siteUrl)}</span>
                    {sort ? <span className="audit-page-vital">{sortedValue(row, sort)}</span> : null}
                    <span className="audit-count">{row.issues.length}</span>
                  </summary>
                  <UrlFacts row={row} facts={facts(row)} types={types} siteUrl={siteUrl} />
                </details>
              </li>
            ))}
          </ul>
          <Pager label={props.pagerLabel} page={page} pages={pages} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}

interface TableProps {
  auditId: string;
  siteUrl?: string;
  types: Map<string, IssueType>;
  idPrefix: string;
}

/** Every crawled URL but the scripts and stylesheets, paged, each expandable to its facts and issues. */
export function PagesTable({ idPrefix, rendered, ...props }: TableProps & { rendered?: boolean }) {
  return (
    <UrlList<AuditPageRow>
      {...props}
      sortable={rendered}
      list="pages"
      heading="Pages"
      pagerLabel="Pages of URLs"
      id={`${idPrefix}-page`}
      facts={(row) => pageFacts(row.facts)}
      count={(total) => `${total.toLocaleString('en-IN')} URLs`}
    />
  );
}

/** The scripts and stylesheets the pages load: how each answered, its size, what loads it, its issues. */
export function ResourcesTable({ idPrefix, ...props }: TableProps) {
  return (
    <UrlList<AuditResourceRow>
      {...props}
      list="resources"
      heading="Scripts and stylesheets"
      pagerLabel="Pages of scripts and stylesheets"
      id={`${idPrefix}-resource`}
      facts={(row) => resourceFacts(row.facts)}
      count={(total) => plural(total, 'script or stylesheet', 'scripts and stylesheets')}
    />
  );
}
