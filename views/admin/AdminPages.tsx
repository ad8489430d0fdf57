import type { ReactNode } from 'react';
import { telHref } from '#views/business.ts';
import type { InboxItem, InboxKind, InboxStatus } from '#views/model/lead-inbox.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { sourcePath } from '#views/model/source-page.ts';
import { formatLocalTime } from '#views/lib/local-time.ts';
import { isId } from '#views/model/ids.ts';

export interface InboxProps {
  businessName: string;
  css: string;
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

export function AdminDocument({ title, css, children }: { title: string; css: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        <link rel="stylesheet" href={css} />
      </head>
      <body className="admin">{children}</body>
    </html>
  );
}

export function LoginPage({ businessName, css, error }: { businessName: string; css: string; error?: string }) {
  return (
    <AdminDocument title={`Sign in · ${businessName} inbox`} css={css}>
      <main className="admin-login">
        <h1>Inbox sign-in</h1>
        <p>{businessName}: contact messages and article submissions.</p>
        <form method="post" action="/admin/login" className="tool-card">
          <label htmlFor="admin-password">Password</label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
          />
          <ErrorMessage error={error} />
          <div className="actions">
            <button type="submit" className="button">
              Sign in
            </button>
          </div>
        </form>
      </main>
    </AdminDocument>
  );
}

function inboxHref(kind: InboxKind, params: { q?: string; status?: InboxStatus; page?: number } = {}): string {
  const search = new URLSearchParams({ type: kind });
  if (params.q) search.set('q', params.q);
  if (params.status && params.status !== 'all') search.set('status', params.status);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  return `/admin?${search.toString()}`;
}

function DeliveryState({ deliveries, delivering }: { deliveries: InboxItem['deliveries']; delivering: boolean }) {
  const { pending, delivered, failed, lastError } = deliveries;
  if (pending + delivered + failed === 0)
    return <span className="badge">{delivering ? 'Not queued' : 'Inbox only'}</span>;
  if (failed > 0)
    return (
      <span
        className="badge no"
        title={lastError ?? undefined}
      >{`Delivery failed${lastError ? `: ${lastError}` : ''}`}</span>
    );
  if (pending > 0)
    return (
      <span
        className="badge warn"
        title={lastError ?? undefined}
      >{`Delivery pending${lastError ? ` (last try: ${lastError})` : ''}`}</span>
    );
  return <span className="badge yes">Delivered</span>;
}

/**
 * The visitor's website: a link only for http(s) (the API accepts nothing else, but the row could
 * have been written by hand), opened without telling it where the click came from.
 */
function WebsiteLink({ url }: { url: string }) {
  if (!/^https?:\/\//i.test(url)) return <span>{`Website ${url}`}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow">
      {`Website ${url}`}
    </a>
  );
}

/** The site audit a message was sent from: its shareable report (only a well-formed id becomes a link). */
function SiteAuditLink({ id }: { id: string }) {
  if (!isId(id)) return <span>{`Site audit ${id}`}</span>;
  return (
    <a className="lead-audit" href={`/site-audit/${id}`} target="_blank" rel="noopener noreferrer">
      Site audit report
    </a>
  );
}

/** A page of this site: a link only when it is a path of this site (the API stores nothing else). */
function PageLink({ path }: { path: string }) {
  const safe = sourcePath(path) === path;
  return safe ? (
    <a href={path} target="_blank" rel="noopener noreferrer">
      {path}
    </a>
  ) : (
    <span>{path}</span>
  );
}

/**
 * Where the lead came from: the page before the form, then the form's own page (which carries
 * `?plan=` or the site audit); only the form's page when the visitor arrived there directly.
 */
function LeadSource({ item }: { item: InboxItem }) {
  const from = item.fields.source_page;
  const form = item.fields.form_page;
  if (!from && !form) return null;
  return (
    <p className="lead-meta lead-source">
      {'From: '}
      <PageLink path={from ?? form!} />
      {from && form ? (
        <>
          {' · form on '}
          <PageLink path={form} />
        </>
      ) : null}
    </p>
  );
}

function LeadFields({ kind, item }: { kind: InboxKind; item: InboxItem }) {
  const f = item.fields;
  if (kind === 'contact') {
    return (
      <>
        <h2>
          {f.name} <a href={`mailto:${f.email ?? ''}`}>{f.email}</a>
        </h2>
        {f.phone || f.website || f.site_audit ? (
          <p className="lead-meta">
            {f.phone ? <a href={telHref(f.phone)}>{`Phone ${f.phone}`}</a> : null}
            {f.phone && f.website ? ' · ' : null}
            {f.website ? <WebsiteLink url={f.website} /> : null}
            {(f.phone || f.website) && f.site_audit ? ' · ' : null}
            {f.site_audit ? <SiteAuditLink id={f.site_audit} /> : null}
          </p>
        ) : null}
        <LeadSource item={item} />
        <p className="lead-text">{f.message}</p>
      </>
    );
  }
  if (kind === 'monitors') {
    return (
      <>
        <h2>
          <a href={`mailto:${f.email ?? ''}`}>{f.email}</a>
        </h2>
        <p className="lead-meta">
          {f.site ? <WebsiteLink url={f.site} /> : null}
          {` · checked ${f.schedule ?? ''}`}
          {f.score ? ` · score ${f.score}` : ''}
          {f.report_url && /^https?:\/\//i.test(f.report_url) ? (
            <>
              {' · '}
              <a className="lead-audit" href={f.report_url} target="_blank" rel="noopener noreferrer">
                Site audit report
              </a>
            </>
          ) : null}
        </p>
        {f.top_issues ? <p className="lead-text">{`Top issues:\n${f.top_issues}`}</p> : null}
      </>
    );
  }
  return (
    <>
      <h2>{f.title}</h2>
      <p className="lead-meta">
        {`By ${f.author ?? ''}`}
        {f.email ? (
          <>
            {' · '}
            <a href={`mailto:${f.email}`}>{f.email}</a>
          </>
        ) : null}
        {` · ${(f.content ?? '').length.toLocaleString('en-IN')} characters · review: ${f.status ?? ''}`}
      </p>
      <LeadSource item={item} />
      <details>
        <summary>Read the article</summary>
        <p className="lead-text">{f.content}</p>
      </details>
    </>
  );
}

function LeadCard({
  kind,
  item,
  csrf,
  delivering,
  back,
  timeZone,
}: {
  kind: InboxKind;
  item: InboxItem;
  csrf: string;
  delivering: boolean;
  back: string;
  timeZone: string;
}) {
  const handled = item.handledAt !== null;
  return (
    <li className={handled ? 'lead-card handled' : 'lead-card unread'} id={`lead-${item.id}`}>
      <p className="lead-meta">
        <span className={handled ? 'badge' : 'badge unread'}>{handled ? 'Handled' : 'Unread'}</span>{' '}
        <time dateTime={item.createdAt} title={`${item.createdAt.replace('T', ' ').slice(0, 16)} UTC`}>
          {formatLocalTime(item.createdAt, timeZone)}
        </time>
        {` · #${item.id} · `}
        <DeliveryState deliveries={item.deliveries} delivering={delivering} />
      </p>
      <LeadFields kind={kind} item={item} />
      <div className="lead-actions">
        <form method="post" action={`/admin/${kind}/${item.id}/handled`}>
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="handled" value={handled ? '0' : '1'} />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className="button secondary">
            {handled ? 'Mark unread' : 'Mark handled'}
          </button>
        </form>
        <details className="delete-confirm">
          <summary>Delete…</summary>
          <form method="post" action={`/admin/${kind}/${item.id}/delete`}>
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="back" value={back} />
            <p>Deletes this lead and its notifications for good (for privacy requests).</p>
            <button type="submit" className="button danger">
              Delete permanently
            </button>
          </form>
        </details>
      </div>
    </li>
  );
}

export function InboxPage(props: InboxProps) {
  const { kind, q, status, page, pages, total, unread, items, csrf } = props;
  const back = inboxHref(kind, { q, status, page });
  return (
    <AdminDocument title={`Inbox · ${props.businessName}`} css={props.css}>
      <header className="admin-bar">
        <strong>{props.businessName} inbox</strong>
        <form method="post" action="/admin/logout">
          <input type="hidden" name="csrf" value={csrf} />
          <button type="submit" className="button secondary">
            Sign out
          </button>
        </form>
      </header>
      <main className="admin-inbox">
        <nav className="admin-tabs" aria-label="Lists">
          {(['contact', 'articles', 'monitors'] as const).map((tab) => (
            <a key={tab} href={inboxHref(tab)} aria-current={tab === kind ? 'page' : undefined}>
              {`${KIND_LABEL[tab]} (${unread[tab]} unread)`}
            </a>
          ))}
          <a href="/admin/posts">Posts</a>
          <a href="/admin/client-sites">Client sites</a>
        </nav>
        {props.notice ? (
          <p className="success" role="status">
            {props.notice}
          </p>
        ) : null}
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
    </AdminDocument>
  );
}

export function AdminNotFound({ css }: { css: string }) {
  return (
    <AdminDocument title="Not found" css={css}>
      <main className="admin-login">
        <h1>Not found</h1>
        <p>
          <a href="/admin">Back to the inbox</a>
        </p>
      </main>
    </AdminDocument>
  );
}
