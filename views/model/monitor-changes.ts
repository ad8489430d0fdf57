/**
 * What a monitor's watch records (issue 35, docs/decisions/0057): one field of one page (or of the
 * site) that changed, with its value before and after. The API (`GET /api/monitors/:id/changes`),
 * the alerts and the manage page's timeline all speak these.
 */

/** Fields read from each watched page. */
export const PAGE_FIELDS = [
  'status',
  'redirect',
  'title',
  'description',
  'h1',
  'canonical',
  'indexability',
  'hreflang',
  'structured-data',
  'word-count',
  'internal-links',
] as const;

/** Fields read once per site (recorded against the site's origin). */
export const SITE_FIELDS = ['robots-txt', 'sitemap', 'certificate', 'host-variants'] as const;

/** A page that answered an error once and was back as it was at the next read: one record, not two changes. */
export const BLIP_FIELD = 'blip';

export const CHANGE_FIELDS = [...PAGE_FIELDS, ...SITE_FIELDS, BLIP_FIELD] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

export type ChangeSeverity = 'critical' | 'warning' | 'info';

/** A value before or after: text, a number, a list (sorted), or nothing. */
export type ChangeValue = string | number | string[] | null;

export interface ChangeRecord {
  id: number;
  url: string;
  field: ChangeField;
  before: ChangeValue;
  after: ChangeValue;
  detectedAt: string;
  severity: ChangeSeverity;
}

/** A change as the API answers it and the manage page's timeline lists it (without its row id). */
export type TimelineChange = Omit<ChangeRecord, 'id'>;

/** What alerts by default (issue 35): indexability, status, canonical, robots.txt, certificate, title. */
export const DEFAULT_ALERT_FIELDS: readonly ChangeField[] = [
  'indexability',
  'status',
  'canonical',
  'robots-txt',
  'certificate',
  'title',
];

/** How each field is named to a person (alerts, the timeline). */
export const FIELD_LABELS: Record<ChangeField, string> = {
  status: 'HTTP status',
  redirect: 'Redirect',
  title: 'Title',
  description: 'Meta description',
  h1: 'H1',
  canonical: 'Canonical',
  indexability: 'Indexability',
  hreflang: 'Hreflang',
  'structured-data': 'Structured data types',
  'word-count': 'Word count',
  'internal-links': 'Internal links',
  'robots-txt': 'robots.txt',
  sitemap: 'Sitemap URLs',
  certificate: 'TLS certificate',
  'host-variants': 'Host variants',
  blip: 'Error, then recovered',
};

/** For list fields that record what was removed (before) and added (after), not the whole lists. */
export const DELTA_FIELDS: ReadonlySet<ChangeField> = new Set(['internal-links', 'robots-txt', 'sitemap']);
