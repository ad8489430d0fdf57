import { AdminNotices } from '#views/admin/AdminFrame.tsx';
import type { InboxItem, InboxKind, InboxStatus } from '#views/model/lead-inbox.ts';
import { LeadCard } from './LeadCard.tsx';

/** The inbox (the admin's home section, server/features/leads/inbox-section.ts): leads, newest first. */
export interface InboxProps {
  csrf: string;
  kind: InboxKind;
  q: string;
  status: InboxStatus;
  page: number;
  pages: number;
  total: number;
  unread: Record<InboxKind, number>;
  items: InboxItem[];
  /** One line about the outcome of the last action (after a redirect), if any. */
  notice?: string;
  /** Whether any delivery channel (webhook, email) is configured. */
  delivering: boolean;
  /** The operator's IANA time zone (profile): lead times are shown in it. */
  timeZone: string;
}

const KIND_LABEL: Record<InboxKind, string> = {
  contact: 'Contact messages',
  articles: 'Article submissions',
  monitors: 'Monitored sites',
};
const STATUS_LABEL: Record<InboxStatus, string> = { all: 'All', unread: 'Unread', handled: 'Handled' };

function inboxHref(kind: InboxKind, params: { q?: string; status?: InboxStatus; page?: number } = {}): string {
  const search = new URLSearchParams({ type: kind });
  if (params.q) search.set('q', params.q);
  if (params.status && params.status !== 'all') search.set('status', params.status);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  return `/admin?${search.toString()}`;
}

export function InboxPage(props: InboxProps) {
  const { kind, q, status, page, pages, total, unread, items, csrf } = props;
  const back = inboxHref(kind, { q, status, page });
  return (
    <main className="admin-inbox">
      <nav className="admin-tabs" aria-label="Lists">
        {(['contact', 'articles', 'monitors'] as const).map((tab) => (
          <a key={tab} href={inboxHref(tab)} aria-current={tab === kind ? 'page' : undefined}>
            {`${KIND_LABEL[tab]} (${unread[tab]} unread)`}
          </a>
        ))}
      </nav>
      <AdminNotices notice={props.notice} />
      <form method="get" action="/admin" className="admin-filters" role="search">
        <input type="hidden" name="type" value={kind} />
        <label htmlFor="admin-q">Search</label>
        <input id="admin-q" name="q" type="search" defaultValue={q} />
        <label htmlFor="admin-status">Show</label>
        <select id="admin-status" name="status" defaultValue={status}>
          {(['all', 'unread', 'handled'] as const).map((value) => (
            <option key={value} value={value}>
              {STATUS_LABEL[value]}
            </option>
          ))}
        </select>
        <button type="submit" className="button secondary">
          Search
        </button>
        <a className="export-link" href={`/admin/export.csv?type=${kind}`}>
          Export CSV
        </a>
      </form>
      <h1>{`${KIND_LABEL[kind]}: ${total.toLocaleString('en-IN')}${q ? ` matching "${q}"` : ''}, newest first`}</h1>
      {!props.delivering ? (
        <p className="admin-note">
          Leads are not delivered anywhere but this inbox: set NOTIFY_WEBHOOK_URL or SMTP_URL to receive them as they
          arrive.
        </p>
      ) : null}
      {items.length ? (
        <ol className="lead-list">
          {items.map((item) => (
            <LeadCard
              key={item.id}
              kind={kind}
              item={item}
              csrf={csrf}
              delivering={props.delivering}
              back={back}
              timeZone={props.timeZone}
            />
          ))}
        </ol>
      ) : (
        <p>Nothing here.</p>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="Pages">
          {page > 1 ? <a href={inboxHref(kind, { q, status, page: page - 1 })}>Newer</a> : null}
          <span>{`Page ${page} of ${pages}`}</span>
          {page < pages ? <a href={inboxHref(kind, { q, status, page: page + 1 })}>Older</a> : null}
        </nav>
      ) : null}
    </main>
  );
}
