import { FIELD_LABELS, type ChangeValue, type TimelineChange } from '#views/model/monitor-changes.ts';
import { useLocalTime } from '#views/lib/local-time.ts';

function valueText(value: ChangeValue): string {
  if (value === null) return '(none)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  return String(value);
}

function ChangeItem({ change, withField = true }: { change: TimelineChange; withField?: boolean }) {
  const formatTime = useLocalTime();
  return (
    <li className={`monitor-change monitor-change-${change.severity}`}>
      <span className="monitor-change-when">{formatTime(change.detectedAt)}</span>{' '}
      <span className="monitor-change-severity">{change.severity}</span>{' '}
      {withField ? <strong>{FIELD_LABELS[change.field]}: </strong> : null}
      <span className="monitor-change-before">{valueText(change.before)}</span> →{' '}
      <span className="monitor-change-after">{valueText(change.after)}</span>
    </li>
  );
}

/** Changes grouped by what they are of, in first-seen order (the newest change's group first). */
function groupBy<K>(changes: TimelineChange[], key: (change: TimelineChange) => K): Array<[K, TimelineChange[]]> {
  const groups = new Map<K, TimelineChange[]>();
  for (const change of changes) {
    const list = groups.get(key(change));
    if (list) list.push(change);
    else groups.set(key(change), [change]);
  }
  return [...groups];
}

/** One page's (or the site's) history, field by field. */
function PageHistory({ url, changes, allHref }: { url: string; changes: TimelineChange[]; allHref: string }) {
  return (
    <>
      <p>
        History of <span className="monitor-url">{url}</span> · <a href={allHref}>All changes</a>
      </p>
      {groupBy(changes, (change) => change.field).map(([field, list]) => (
        <section key={field} className="monitor-change-group">
          <h3>{FIELD_LABELS[field]}</h3>
          <ol className="monitor-changes">
            {list.map((change, index) => (
              <ChangeItem key={index} change={change} withField={false} />
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

/**
 * The watch's timeline on the manage page (issue 35): rendered on the server and readable without
 * JavaScript. Per site and per page, newest first; a page's link opens its history field by field.
 */
export function ChangesTimeline(props: {
  changes: TimelineChange[];
  page: string | null;
  origin: string;
  pageHref: (url: string | null) => string;
}) {
  const { changes, page } = props;
  return (
    <section className="tool-card monitor-timeline" aria-labelledby="monitor-timeline">
      <h2 id="monitor-timeline">Changes on your pages</h2>
      {changes.length === 0 ? (
        <p>
          {page
            ? 'No change recorded on this page yet.'
            : 'No change recorded yet. The watched pages are re-read every cycle; what changes shows here.'}
        </p>
      ) : page ? (
        <PageHistory url={page} changes={changes} allHref={props.pageHref(null)} />
      ) : (
        groupBy(changes, (change) => change.url).map(([url, list]) => (
          <section key={url} className="monitor-change-group">
            <h3>
              {url === props.origin ? 'The whole site' : <span className="monitor-url">{url}</span>}{' '}
              <a className="monitor-change-history" href={props.pageHref(url)}>
                History
              </a>
            </h3>
            <ol className="monitor-changes">
              {list.map((change, index) => (
                <ChangeItem key={index} change={change} />
              ))}
            </ol>
          </section>
        ))
      )}
    </section>
  );
}
