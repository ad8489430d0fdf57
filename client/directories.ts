// Progressive enhancement for the directory tables. Without this script the table pages,
// searches and sorts through ordinary links and a GET form; with it, the same pipeline
// (views/directories/logic.ts) runs in the browser on the list fetched once as JSON.
import { requestJson } from '#views/lib/request-json.ts';
import type { Layout } from '#views/directories/columns.ts';
import { cellText, columnsFor } from '#views/directories/columns.ts';
import type { Filters, SiteRow, SortKey, SortOrder } from '#views/directories/logic.ts';
import { buildQuery, describeView, nextSort, parseFilters, parseSort, viewSites } from '#views/directories/logic.ts';

interface State extends Filters {
  sort: SortOrder | null;
  page: number;
}

interface Directory {
  root: HTMLElement;
  path: string;
  layout: Layout;
  pageSize: number | null;
  sortable: SortKey[];
  regions: string[];
  sites: Promise<SiteRow[]> | null;
  state: State;
}

function readState(directory: Pick<Directory, 'sortable' | 'regions'>): State {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page') ?? '1');
  return {
    query: params.get('q') ?? '',
    ...parseFilters(params, directory.regions),
    sort: parseSort(params.get('sort'), directory.sortable),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function loadSites(directory: Directory): Promise<SiteRow[]> {
  directory.sites ??= requestJson<{ sites: SiteRow[] }>(
    `/api/directories/${directory.root.dataset.directory}.json`,
    'Could not load the directory',
  )
    .then((body) => body.sites)
    .catch((error: unknown) => {
      directory.sites = null; // let the next interaction try again
      throw error;
    });
  return directory.sites;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderRows(directory: Directory, rows: SiteRow[], firstNumber: number): void {
  const body = directory.root.querySelector('tbody');
  if (!body) return;
  const columns = columnsFor(directory.layout);
  body.replaceChildren(
    ...rows.map((site, index) => {
      const row = element('tr');
      for (const column of columns) {
        const cell = element('td');
        cell.className = `col-${column.key}`;
        const text = cellText(site, column.key, firstNumber + index);
        if (column.key === 'name') {
          const link = element('a', text);
          link.href = site.url;
          link.target = '_blank';
          link.rel = 'noopener noreferrer';
          // Same markup as views/directories/DirectoryTable.tsx's NameCell.
          const region = element('span', site.region);
          region.className = 'badge badge--region';
          cell.append(link, ' ', region);
          if (site.linkType) {
            const type = element('span', site.linkType);
            type.className = `badge badge--link badge--${site.linkType}`;
            cell.append(type);
          }
        } else cell.textContent = text;
        row.append(cell);
      }
      return row;
    }),
  );
}

function renderPager(directory: Directory, page: number, pageCount: number): void {
  const list = directory.root.querySelector<HTMLElement>('.pager ul');
  const nav = directory.root.querySelector<HTMLElement>('.pager');
  if (!list || !nav) return;
  nav.hidden = pageCount <= 1;
  list.replaceChildren(
    ...Array.from({ length: pageCount }, (_, index) => {
      const number = index + 1;
      const item = element('li');
      const link = element('a', String(number));
      link.href = directory.path + buildQuery({ ...directory.state, page: number });
      link.dataset.page = String(number);
      link.setAttribute('aria-label', `Page ${number}`);
      if (number === page) link.setAttribute('aria-current', 'page');
      item.append(link);
      return item;
    }),
  );
}

function renderHeaders(directory: Directory): void {
  for (const header of directory.root.querySelectorAll<HTMLElement>('th[data-sort-key]')) {
    const key = header.dataset.sortKey as 'da' | 'spam';
    const active = directory.state.sort?.key === key ? directory.state.sort : null;
    if (active) header.setAttribute('aria-sort', active.direction === 'asc' ? 'ascending' : 'descending');
    else header.removeAttribute('aria-sort');
    const link = header.querySelector('a');
    if (link)
      link.href =
        directory.path + buildQuery({ ...directory.state, page: 1, sort: nextSort(directory.state.sort, key) });
  }
}

async function render(directory: Directory): Promise<void> {
  const sites = await loadSites(directory);
  const view = viewSites(sites, { ...directory.state, pageSize: directory.pageSize });
  directory.state.page = view.page;
  renderRows(directory, view.rows, view.firstNumber);
  renderPager(directory, view.page, view.pageCount);
  renderHeaders(directory);
  const status = directory.root.querySelector('.directory__status');
  if (status) status.textContent = describeView(view, directory.state);
}

function syncUrl(directory: Directory, mode: 'push' | 'replace'): void {
  const url = directory.path + buildQuery(directory.state);
  if (url === location.pathname + location.search) return;
  history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', url);
}

/** Falls back to the plain link when the data cannot be fetched. */
function update(directory: Directory, change: Partial<State>, mode: 'push' | 'replace', href?: string): Promise<void> {
  Object.assign(directory.state, change);
  return render(directory).then(
    () => syncUrl(directory, mode),
    () => {
      if (href) location.assign(href);
    },
  );
}

function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function enhance(root: HTMLElement): void {
  const layout = root.dataset.layout as Layout;
  const pageSize = root.dataset.pageSize ? Number(root.dataset.pageSize) : null;
  const sortable = (root.dataset.sortable ?? '').split(' ').filter(Boolean) as SortKey[];
  const regionSelect = root.querySelector<HTMLSelectElement>('select[name="region"]');
  const linkSelect = root.querySelector<HTMLSelectElement>('select[name="link"]');
  const regions = [...(regionSelect?.options ?? [])].map((option) => option.value).filter(Boolean);
  const directory: Directory = {
    root,
    path: location.pathname,
    layout,
    pageSize,
    sortable,
    regions,
    sites: null,
    state: readState({ sortable, regions }),
  };
  const input = root.querySelector<HTMLInputElement>('input[type="search"]');
  const form = input?.form;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const filterChange = () =>
    void update(
      directory,
      {
        ...parseFilters(
          new URLSearchParams({ region: regionSelect?.value ?? '', link: linkSelect?.value ?? '' }),
          regions,
        ),
        page: 1,
      },
      'replace',
    );
  regionSelect?.addEventListener('change', filterChange);
  linkSelect?.addEventListener('change', filterChange);

  input?.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void update(directory, { query: input.value, page: 1 }, 'replace'), 120);
  });
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void update(
      directory,
      {
        query: input?.value ?? '',
        ...parseFilters(
          new URLSearchParams({ region: regionSelect?.value ?? '', link: linkSelect?.value ?? '' }),
          regions,
        ),
        page: 1,
      },
      'replace',
    );
  });
  root.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || event.defaultPrevented) return;
    const mouse = event as MouseEvent;
    if (mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
    const pageLink = event.target.closest<HTMLAnchorElement>('.pager a[data-page]');
    const sortLink = event.target.closest<HTMLAnchorElement>('th[data-sort-key] a');
    if (pageLink) {
      event.preventDefault();
      void update(directory, { page: Number(pageLink.dataset.page) }, 'push', pageLink.href).then(() =>
        root.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' }),
      );
    } else if (sortLink) {
      event.preventDefault();
      const key = sortLink.closest<HTMLElement>('th')?.dataset.sortKey as 'da' | 'spam';
      void update(directory, { sort: nextSort(directory.state.sort, key), page: 1 }, 'replace', sortLink.href);
    }
  });
  window.addEventListener('popstate', () => {
    directory.state = readState(directory);
    if (input) input.value = directory.state.query;
    if (regionSelect) regionSelect.value = directory.state.region;
    if (linkSelect) linkSelect.value = directory.state.link;
    render(directory).catch(() => location.reload());
  });
  root.dataset.enhanced = 'true';
}

export function enhanceDirectories(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-directory]')) enhance(root);
}
