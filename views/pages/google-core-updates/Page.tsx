import { formatDay } from '#views/lib/dates.ts';
import { definePage } from '#views/page.ts';
import { RelatedLinks } from '#views/pages/shared/links.tsx';
import { ProseSections } from '#views/pages/shared/ProseArticle.tsx';
import { googleCoreUpdates as content } from './content.ts';
import { coreUpdates, LAST_REVIEWED, rolloutDays, STATUS_DASHBOARD_URL } from './updates.ts';

function Day({ value }: { value: string }) {
  return <time dateTime={value}>{formatDay(value)}</time>;
}

function UpdatesLog() {
  return (
    <section id="log" aria-labelledby="log-heading">
      <h2 id="log-heading">Confirmed core updates and their rollout dates</h2>
      <p>
        {'Start and completion dates as Google announced them on its Search Status Dashboard (US Pacific dates). For anything newer than this list, and for spam and other ranking updates, see '}
        <a href={STATUS_DASHBOARD_URL} rel="noopener noreferrer">
          Google&apos;s Search Status Dashboard
        </a>
        .
      </p>
      <p className="updated">
        {'List last reviewed: '}
        <Day value={LAST_REVIEWED} />
      </p>
      <div className="table-scroll">
        <table className="core-updates">
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
                <td>
                  <Day value={update.started} />
                </td>
                <td>
                  <Day value={update.completed} />
                </td>
                <td>{`${rolloutDays(update)} days`}</td>
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
    <article className="content-page">
      <header className="page-hero">
        <h1>{content.heading}</h1>
        {content.intro.map((text) => (
          <p key={text} className="lead">
            {text}
          </p>
        ))}
      </header>
      <div className="prose">
        <UpdatesLog />
        <ProseSections sections={content.sections} />
      </div>
      {content.links?.length ? <RelatedLinks links={content.links} /> : null}
    </article>
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
