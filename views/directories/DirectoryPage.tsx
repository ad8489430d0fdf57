import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Faq } from '../components/Faq.tsx';
import { loaderContext } from '../loader-context.ts';
import { definePage, type PageDef } from '../page.ts';
import { DirectoryLinks } from './DirectoryLinks.tsx';
import { DirectoryTable, type CheckSummary, type TableState } from './DirectoryTable.tsx';
import { browsableSites, directories, type Directory } from './directories.ts';
import type { DirectoryView, SiteRow } from './logic.ts';
import { countPages, filterSites, parseFilters, parsePage, parseSort, viewSites } from './logic.ts';
import { lastCheckedOf, visibleSites, type DirectoryStatus } from './status.ts';

interface LoaderData {
  view: DirectoryView<SiteRow>;
  state: TableState;
  checks: CheckSummary | null;
  listed: number;
}

/**
 * Reads ?q, ?region, ?link, ?sort and ?page. A page number outside the (filtered) list answers
 * 404 instead of quietly showing another page: a stale or mistyped link should say so, and
 * search engines should not index an endless set of copies of page 1.
 */
export function loadDirectory(directory: Directory, url: URL, status: DirectoryStatus): LoaderData {
  const params = url.searchParams;
  const state: TableState = {
    query: (params.get('q') ?? '').slice(0, 100),
    ...parseFilters(params, directory.regions),
    sort: parseSort(params.get('sort'), directory.sortable),
  };
  const sites = visibleSites(browsableSites(directory), status);
  const matching = filterSites(sites, state).length;
  const pageSize = directory.pageSize ?? Math.max(1, matching);
  // The first ?page wins, as it does in the page cache's key.
  const page = parsePage(params.get('page') ?? undefined, countPages(matching, pageSize));
  if (page === null) throw data(null, { status: 404 });
  return {
    view: viewSites(sites, { ...state, page, pageSize: directory.pageSize }),
    state,
    checks: lastCheckedOf(directory, status),
    listed: visibleSites(directory.list.sites, status).length,
  };
}

function makeComponent(directory: Directory) {
  function DirectoryPage() {
    const { view, state, checks, listed } = useLoaderData() as LoaderData;
    return (
      <article className="directory-page">
        <header className="page-hero">
          <h1>{directory.copy.heading}</h1>
          <p className="lead directory-page__intro">{directory.copy.intro}</p>
        </header>
        <DirectoryTable directory={directory} view={view} state={state} checks={checks} listed={listed} />
        <Faq items={directory.copy.faq} />
        <DirectoryLinks current={directory.slug} />
      </article>
    );
  }
  DirectoryPage.displayName = `DirectoryPage(${directory.slug})`;
  return DirectoryPage;
}

export const directoryPages: PageDef[] = directories.map((directory) =>
  definePage({
    path: directory.path,
    navLabel: directory.label,
    title: directory.copy.title,
    description: directory.copy.description,
    keywords: directory.copy.keywords,
    faq: directory.copy.faq,
    // Page links are cacheable; searches, filters and sorts render fresh (their space is unbounded).
    query: ['q', 'region', 'link', 'sort'],
    cacheQuery: ['page'],
    loader: ({ request, context }: LoaderFunctionArgs) =>
      loadDirectory(directory, new URL(request.url), loaderContext(context).directoryStatus),
    Component: makeComponent(directory),
  }),
);
