import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Island } from '#views/components/Island.tsx';
import { loaderContext } from '#views/loader-context.ts';
import { definePage } from '#views/page.ts';
import ManageWidget from './ManageWidget.tsx';
import type { MonitorView } from './model.ts';

interface ManageData {
  token: string;
  monitor: MonitorView | null;
}

/** The monitor, when the id and the manage token match one; a wrong or old link finds nothing. */
export async function loadMonitor({ params, request, context }: LoaderFunctionArgs): Promise<ManageData> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const reader = loaderContext(context).monitors;
  if (!token || !reader) return { token, monitor: null };
  return { token, monitor: (await reader.view(params.id ?? '', token)) ?? null };
}

function ManagePage() {
  const { token, monitor } = useLoaderData() as ManageData;
  return (
    <article className="tool-page monitor-page">
      <header className="page-hero">
        <h1>Your site monitor</h1>
        <p className="lead">Private page: anyone with this link can change or delete the monitor.</p>
      </header>
      {monitor ? (
        <Island name="pages/monitoring/ManageWidget" component={ManageWidget} props={{ token, monitor }} />
      ) : (
        <div className="tool-card">
          <p className="error" role="alert">
            This link does not open a monitor: it is incomplete, or the monitor was deleted.
          </p>
          <p>
            Use the link in the latest email about your site, or start again from a{' '}
            <a href="/site-audit">website audit</a> and “Monitor this site”.
          </p>
        </div>
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
  query: ['token'],
  loader: loadMonitor,
  Component: ManagePage,
});
