import type { Column } from './columns.ts';
import { cellText, columnsFor } from './columns.ts';
import type { Directory } from './directories.ts';
import { formatAsOf } from './directories.ts';
import type { DirectoryView, Filters, SiteRow, SortOrder } from './logic.ts';
import { buildQuery, describeView, formatSort, LINK_TYPES, nextSort } from './logic.ts';
import { formatDay } from '#views/model/dates.ts';

export interface TableState extends Filters {
  sort: SortOrder | null;
}

/** When the link checker last ran over this list, as the page states it. */
export interface CheckSummary {
  date: string;
  checked: number;
  hidden: number;
}

interface Props {
  directory: Directory;
  view: DirectoryView<SiteRow>;
  state: TableState;
  checks: CheckSummary | null;
  /** Sites in the whole list (hidden ones excluded): what the CSV holds. */
  listed: number;
}

function HeaderCell({ column, directory, state }: { column: Column; directory: Directory; state: TableState }) {
  const sortable = directory.sortable.find((key) => key === column.key);
  if (!sortable)
    return (
      <th scope="col" className={`col-${column.key}`}>
        {column.label}
      </th>
    );
  const active = state.sort?.key === sortable ? state.sort : null;
  const href = directory.path + buildQuery({ ...state, sort: nextSort(state.sort, sortable) });
  return (
    <th
      scope="col"
      className={`col-${column.key} is-sortable`}
      data-sort-key={sortable}
      aria-sort={active ? (active.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <a href={href} rel="nofollow" title={`Sort by ${column.label}`}>
        {column.label}
      </a>
    </th>
  );
}

function Pager({ directory, view, state }: Pick<Props, 'directory' | 'view' | 'state'>) {
  const pages = Array.from({ length: view.pageCount }, (_, index) => index + 1);
  return (
    <nav className="pager" aria-label="Table pages" hidden={view.pageCount <= 1}>
      <ul>
        {pages.map((page) => (
          <li key={page}>
            <a
              href={directory.path + buildQuery({ ...state, page })}
              data-page={page}
              aria-label={`Page ${page}`}
              aria-current={page === view.page ? 'page' : undefined}
            >
              {page}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The name links out; region and link type ride along as badges (the spec's columns stay as they are). */
export function NameCell({ site }: { site: SiteRow }) {
  return (
    <>
      <a href={site.url} target="_blank" rel="noopener noreferrer">
        {site.name}
      </a>{' '}
      <span className="badge badge--region">{site.region}</span>
      {site.linkType ? <span className={`badge badge--link badge--${site.linkType}`}>{site.linkType}</span> : null}
    </>
  );
}

function MetricsNote({ directory }: { directory: Directory }) {
  const keys = columnsFor(directory.layout).filter((column) => column.key === 'da' || column.key === 'spam');
  if (keys.length === 0) return null;
  const names = keys.length > 1 ? 'Domain Authority and Spam Score' : 'DA (Domain Authority)';
  const { metrics } = directory.list;
  // One string each, so the sentences reach the HTML (and search snippets) without comment markers.
  const note = metrics
    ? `${names}: approximate figures from ${metrics.source}, as of ${formatAsOf(metrics.asOf)}. A blank cell means we had no sourced figure. Neither is a Google ranking factor.`
    : `${names} cells are blank on purpose: they are third-party estimates by Moz, and we publish only figures whose source and month we can state. To see them for any site, enter its domain in Moz Link Explorer.`;
  return (
    <p className="directory__note">
      {note}
      {metrics ? null : (
        <>
          {' '}
          <a href="https://moz.com/link-explorer" rel="noopener noreferrer">
            Open Moz Link Explorer
          </a>
        </>
      )}
    </p>
  );
}

function CheckNote({ checks }: { checks: CheckSummary | null }) {
  if (!checks)
    return <p className="directory__checked">The links in this list have not been checked by our link checker yet.</p>;
  const one = checks.hidden === 1;
  const hidden =
    checks.hidden === 0
      ? ''
      : ` ${checks.hidden} ${one ? 'site that failed' : 'sites that failed'} two checks in a row ${one ? 'is' : 'are'} hidden until ${one ? 'it works' : 'they work'} again.`;
  // Plain strings around the date, so the sentence reaches the HTML without comment markers.
  const after = ` by our link checker (${checks.checked} of the listed sites).${hidden}`;
  return (
    <p className="directory__checked">
      {'Links last checked on '}
      <time dateTime={checks.date}>{formatDay(checks.date)}</time>
      {after}
    </p>
  );
}

const linkOptions: { value: string; label: string }[] = [
  { value: '', label: 'Any link type' },
  ...LINK_TYPES.map((type) => ({ value: type, label: type })),
  { value: 'unknown', label: 'Not known' },
];

/** The search form and sort links work as plain GET requests; client/directories.ts takes them over. */
export function DirectoryTable({ directory, view, state, checks, listed }: Props) {
  const columns = columnsFor(directory.layout);
  const id = directory.slug;
  return (
    <section
      className="directory"
      id="sites"
      aria-labelledby={`${id}-table-heading`}
      data-directory={directory.slug}
      data-layout={directory.layout}
      data-page-size={directory.pageSize ?? undefined}
      data-sortable={directory.sortable.join(' ')}
    >
      <h2 id={`${id}-table-heading`}>Search and browse the list</h2>
      <form className="directory__search" role="search" method="get" action={directory.path}>
        <div className="directory__field directory__field--query">
          <label htmlFor={`${id}-search`}>Search by name or description</label>
          <input id={`${id}-search`} type="search" name="q" defaultValue={state.query} autoComplete="off" />
        </div>
        <div className="directory__field">
          <label htmlFor={`${id}-region`}>Region</label>
          <select id={`${id}-region`} name="region" defaultValue={state.region}>
            <option value="">All regions</option>
            {directory.regions.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </select>
        </div>
        <div className="directory__field">
          <label htmlFor={`${id}-link`}>Link type</label>
          <select id={`${id}-link`} name="link" defaultValue={state.link}>
            {linkOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {state.sort ? <input type="hidden" name="sort" value={formatSort(state.sort)} /> : null}
        <button type="submit">Search</button>
      </form>
      <p className="directory__status" role="status">
        {describeView(view, state)}
      </p>
      <div className="directory__scroll">
        <table className={`directory__table layout-${directory.layout}`}>
          <thead>
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} directory={directory} state={state} />
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((site, index) => (
              <tr key={site.id}>
                {columns.map((column) => (
                  <td key={column.key} className={`col-${column.key}`}>
                    {column.key === 'name' ? (
                      <NameCell site={site} />
                    ) : (
                      cellText(site, column.key, view.firstNumber + index)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager directory={directory} view={view} state={state} />
      <p className="directory__note">
        Badges show who can use each site (India, Global or a country) and, where it is well known, whether links placed
        there are dofollow or nofollow. No badge means we do not know the link type.
      </p>
      <MetricsNote directory={directory} />
      <CheckNote checks={checks} />
      <p className="directory__download">
        <a href={`/api/directories/${directory.slug}.csv`} download>
          {`Download all ${listed} sites as CSV`}
        </a>
      </p>
    </section>
  );
}
