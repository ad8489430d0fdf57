import type { Column } from './columns.ts';
import { cellText, columnsFor, sortableKeys } from './columns.ts';
import type { Directory } from './directories.ts';
import { formatAsOf } from './directories.ts';
import type { DirectoryView, SiteRow, SortOrder } from './logic.ts';
import { buildQuery, describeView, formatSort, nextSort } from './logic.ts';

export interface TableState {
  query: string;
  sort: SortOrder | null;
}

interface Props {
  directory: Directory;
  view: DirectoryView<SiteRow>;
  state: TableState;
}

function HeaderCell({ column, directory, state }: { column: Column; directory: Directory; state: TableState }) {
  const sortable = sortableKeys(directory.layout).find((key) => key === column.key);
  if (!sortable) return <th scope="col" className={`col-${column.key}`}>{column.label}</th>;
  const active = state.sort?.key === sortable ? state.sort : null;
  const href = directory.path + buildQuery({ query: state.query, sort: nextSort(state.sort, sortable) });
  return (
    <th
      scope="col"
      className={`col-${column.key} is-sortable`}
      data-sort-key={sortable}
      aria-sort={active ? (active.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <a href={href} rel="nofollow" title={`Sort by ${column.label}`}>{column.label}</a>
    </th>
  );
}

function Pager({ directory, view, state }: Props) {
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

function MetricsNote({ directory }: { directory: Directory }) {
  const keys = sortableKeys(directory.layout);
  if (keys.length === 0) return null;
  const names = keys.includes('spam') ? 'Domain Authority and Spam Score are' : 'DA (Domain Authority) is';
  // One string, so the sentence reaches the HTML (and search snippets) without comment markers.
  const note = `${names} third-party Moz metrics, approximate, as of ${formatAsOf(directory.list.asOf)}. A blank cell means we had no reliable figure. Neither is a Google ranking factor.`;
  return <p className="directory__note">{note}</p>;
}

/** The search form and sort links work as plain GET requests; client/directories.ts takes them over. */
export function DirectoryTable({ directory, view, state }: Props) {
  const columns = columnsFor(directory.layout);
  const searchId = `${directory.slug}-search`;
  return (
    <section
      className="directory"
      id="sites"
      aria-labelledby={`${directory.slug}-table-heading`}
      data-directory={directory.slug}
      data-layout={directory.layout}
      data-page-size={directory.pageSize ?? undefined}
    >
      <h2 id={`${directory.slug}-table-heading`}>Search and browse the list</h2>
      <form className="directory__search" role="search" method="get" action={directory.path}>
        <label htmlFor={searchId}>Search by name or description</label>
        <input id={searchId} type="search" name="q" defaultValue={state.query} autoComplete="off" />
        {state.sort ? <input type="hidden" name="sort" value={formatSort(state.sort)} /> : null}
        <button type="submit">Search</button>
      </form>
      <p className="directory__status" role="status">{describeView(view, state.query)}</p>
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
                      <a href={site.url} target="_blank" rel="noopener noreferrer">{site.name}</a>
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
      <MetricsNote directory={directory} />
      <p className="directory__download">
        <a href={`/api/directories/${directory.slug}.csv`} download>
          Download all {directory.list.sites.length} sites as CSV
        </a>
      </p>
    </section>
  );
}
