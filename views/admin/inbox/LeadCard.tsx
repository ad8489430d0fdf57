import { telHref } from '#views/business.ts';
import type { InboxItem, InboxKind } from '#views/model/lead-inbox.ts';
import { sourcePath } from '#views/model/source-page.ts';
import { formatLocalTime } from '#views/lib/local-time.ts';
import { isId } from '#views/model/ids.ts';

/*
 * One lead in the inbox (InboxPage.tsx): who, what, where it came from, its delivery, and its two
 * actions, each a plain form (mark handled or unread, delete) carrying the session's form token.
 */

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

export function LeadCard({
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
