import { formatDay } from '#views/lib/dates.ts';
import { definePage } from '#views/page.ts';
import { ProseArticle } from '#views/pages/shared/ProseArticle.tsx';
import { googleCoreUpdates as content } from './content.ts';
import { coreUpdates, LAST_REVIEWED, NEWEST_LISTED, rolloutDays, STATUS_DASHBOARD_URL } from './updates.ts';

function Day({ value }: { value: string }) {
  return <time dateTime={value}>{formatDay(value)}</time>;
}

function UpdatesLog() {
  return (
    <section id="log" aria-labelledby="log-heading">
      <h2 id="log-heading">Confirmed core updates and their rollout dates</h2>
      <p>
        {`Start and completion dates as Google announced them on its Search Status Dashboard (US Pacific dates). This list stops at the ${NEWEST_LISTED.name}; for later updates, and for spam and other ranking updates, see `}
        <a href={STATUS_DASHBOARD_URL} rel="noopener noreferrer">
          Google&apos;s Search Status Dashboard
        </a>
        .
      </p>
      <p className="updated">
        {'List last reviewed: '}
        <Day value={LAST_REVIEWED} />
      </p>
      <div className="table-wrap">
        <table className="core-updates card-table">
          <thead>
            <tr>
              <th scope="col">Update</th>
              <th scope="col">Started</th>
              <th scope="col">Completed</th>
              <th scope="col">Rollout</th>
            </tr>
          </thead>
          <tbody>
            {coreUpdates.map((update) => (
              <tr key={update.name}>
                <th scope="row">{update.name}</th>
                <td data-label="Started">
                  <Day value={update.started} />
                </td>
                <td data-label="Completed">
                  <Day value={update.completed} />
                </td>
                <td data-label="Rollout">{`${rolloutDays(update)} days`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function GoogleCoreUpdatesPage() {
  return (
    <ProseArticle content={content}>
      <UpdatesLog />
    </ProseArticle>
  );
}

export const googleCoreUpdatesPage = definePage({
  path: '/google-core-updates',
  navLabel: 'Google Core Updates',
  title: content.meta.title,
  description: content.meta.description,
  keywords: content.meta.keywords.join(', '),
  Component: GoogleCoreUpdatesPage,
});
