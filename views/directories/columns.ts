import type { SiteRow } from './logic.ts';
import { formatSpam } from './logic.ts';

export type ColumnKey = 'number' | 'name' | 'da' | 'spam' | 'description';
export interface Column {
  key: ColumnKey;
  label: string;
}

export type Layout = 'metrics' | 'plain' | 'video';

// Header labels are the spec's, word for word (2.6).
const layouts: Record<Layout, Column[]> = {
  metrics: [
    { key: 'number', label: '#' },
    { key: 'name', label: 'Name' },
    { key: 'da', label: 'Domain Authority' },
    { key: 'spam', label: 'Spam Score' },
    { key: 'description', label: 'Description' },
  ],
  plain: [
    { key: 'number', label: '#' },
    { key: 'name', label: 'Name' },
    { key: 'description', label: 'Description' },
  ],
  video: [
    { key: 'number', label: '#' },
    { key: 'name', label: 'Name' },
    { key: 'description', label: 'Description' },
    { key: 'da', label: 'DA' },
  ],
};

export function columnsFor(layout: Layout): Column[] {
  return layouts[layout];
}

export function sortableKeys(layout: Layout): ('da' | 'spam')[] {
  return columnsFor(layout)
    .map((column) => column.key)
    .filter((key): key is 'da' | 'spam' => key === 'da' || key === 'spam');
}

/** Text of one cell; the name column's link is added by the renderer. */
export function cellText(site: SiteRow, key: ColumnKey, number: number): string {
  switch (key) {
    case 'number':
      return String(number);
    case 'name':
      return site.name;
    case 'da':
      return site.da === undefined ? '' : String(site.da);
    case 'spam':
      return formatSpam(site.spam);
    case 'description':
      return site.description;
  }
}

/** The CSV carries what the table shows as links and badges too: URL, region, link type, last check. */
export function csvRows(
  sites: readonly SiteRow[],
  layout: Layout,
  lastChecked: (site: SiteRow) => string = () => '',
): string[][] {
  const metricColumns = columnsFor(layout).filter((column) => column.key === 'da' || column.key === 'spam');
  const header = [
    '#',
    'Name',
    'URL',
    'Description',
    ...metricColumns.map((column) => column.label),
    'Region',
    'Link type',
    'Last checked',
  ];
  const body = sites.map((site, index) => [
    String(index + 1),
    site.name,
    site.url,
    site.description,
    ...metricColumns.map((column) => cellText(site, column.key, index + 1)),
    site.region,
    site.linkType ?? '',
    lastChecked(site),
  ]);
  return [header, ...body];
}
