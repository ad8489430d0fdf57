import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Island } from '#views/components/Island.tsx';
import { loaderContext } from '#views/loader-context.ts';
import { definePage } from '#views/page.ts';
import { ChangesTimeline } from './ChangesTimeline.tsx';
import type { TimelineChange } from '#views/model/monitor-changes.ts';
import ManageWidget from './ManageWidget.tsx';
import type { MonitorView, WatchChoices } from './model.ts';
import WatchWidget from './WatchWidget.tsx';

/** Why a link opens no monitor: none was given (the page only explains), or the reader's refusal. */
type Refusal = 'incomplete' | 'invalid' | 'deleted';
/** The outcome of the "Change alerts" form posted without JavaScript (its redirect back says it). */
type WatchOutcome = { saved?: boolean; error?: string };
type ManageData = { token: string } & (
  | {
      monitor: MonitorView;
      changes: TimelineChange[];
      page: string | null;
      watch: WatchChoices | null;
      watchOutcome: WatchOutcome;
    }
  | { refused: Refusal }
);

/**
 * HTTP's word for each refusal: a link without its token only gets the page's explanation (as the
 * confirmation page without one does); a token that is not this monitor's is forbidden; a deleted
 * monitor is gone (decision 0050).
 */
const REFUSED_STATUS: Record<Refusal, number> = { incomplete: 200, invalid: 403, deleted: 410 };

const REFUSED_TEXT: Record<Refusal, string> = {
  incomplete: 'This link does not open a monitor: it is incomplete (the token is missing).',
  invalid: 'This link does not open a monitor: it is not a link we sent for this monitor.',
  deleted:
    'This monitor has been deleted, with its history: its links no longer work and no more emails are sent about it.',
};

/** The monitor, when the id and the manage token match one; else why not, with its status. */
export async function loadMonitor({ params, request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const reader = loaderContext(context).monitors;
  const found = token && reader ? await reader.view(params.id ?? '', token) : { refused: 'incomplete' as const };
  if ('refused' in found) return data<ManageData>({ token, ...found }, { status: REFUSED_STATUS[found.refused] });
  const query = new URL(request.url).searchParams;
  const page = query.get('page');
  const changes = (await reader?.changes?.(params.id ?? '', token, page)) ?? [];
  const watch = (await reader?.watch?.(params.id ?? '', token)) ?? null;
  const watchOutcome = { saved: query.get('alerts') === 'saved', error: query.get('alertsError') ?? undefined };
  return { token, ...found, changes, page, watch, watchOutcome } satisfies ManageData;
}

function Refused({ refused }: { refused: Refusal }) {
  return (
    <div className="tool-card">
      <p className="error" role="alert">
        {REFUSED_TEXT[refused]}
      </p>
      <p>
        {refused === 'deleted'
          ? 'To monitor the site again, start'
          : 'Use the link in the latest email about your site, or start again'}{' '}
        from a <a href="/site-audit">website audit</a> and “Monitor this site”.
      </p>
    </div>
  );
}

function ManagePage() {
  const found = useLoaderData() as ManageData;
  return (
    <article className="tool-page monitor-page">
      <header className="page-hero">
        <h1>Your site monitor</h1>
        <p className="lead">Private page: anyone with this link can change or delete the monitor.</p>
      </header>
      {'monitor' in found ? (
        <>
          <Island
            name="pages/monitoring/ManageWidget"
            component={ManageWidget}
            props={{ token: found.token, monitor: found.monitor }}
          />
          {found.watch ? (
            <Island
              name="pages/monitoring/WatchWidget"
              component={WatchWidget}
              props={{
                id: found.monitor.id,
                token: found.token,
                webhookUrl: found.monitor.webhookUrl,
                choices: found.watch,
                ...found.watchOutcome,
              }}
            />
          ) : null}
          <ChangesTimeline
            changes={found.changes}
            page={found.page}
            origin={new URL(found.monitor.url).origin}
            pageHref={(url) =>
              `/monitor/${found.monitor.id}?token=${encodeURIComponent(found.token)}${url ? `&page=${encodeURIComponent(url)}` : ''}#monitor-timeline`
            }
          />
        </>
      ) : (
        <Refused refused={found.refused} />
      )}
    </article>
  );
}

/** The manage link of every monitoring mail: `/monitor/:id?token=…` (signed, no account). */
export const monitorManagePage = definePage({
  path: '/monitor/:id',
  navLabel: 'Your site monitor',
  title: 'Your site monitor',
  description: 'Change the schedule, pause, verify or delete a website monitor, and see its past checks.',
  robots: 'noindex, nofollow',
  inSitemap: false,
  cache: false,
  query: ['token', 'page', 'alerts', 'alertsError'],
  loader: loadMonitor,
  Component: ManagePage,
});
