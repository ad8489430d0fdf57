import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import UnsubscribeWidget from './UnsubscribeWidget.tsx';

function UnsubscribePage() {
  const { id, token } = useLoaderData() as { id: string; token: string };
  return (
    <article className="tool-page monitor-page">
      <header className="page-hero">
        <h1>Unsubscribe from monitoring emails</h1>
      </header>
      <Island name="pages/monitoring/UnsubscribeWidget" component={UnsubscribeWidget} props={{ id, token }} />
    </article>
  );
}

/** Every monitoring mail's unsubscribe link: one button that posts the RFC 8058 one-click body. */
export const monitorUnsubscribePage = definePage({
  path: '/monitor/unsubscribe',
  navLabel: 'Unsubscribe',
  title: 'Unsubscribe from monitoring emails',
  description: 'Stop the alert and digest emails of a monitored website in one click.',
  robots: 'noindex, nofollow',
  inSitemap: false,
  cache: false,
  query: ['id', 'token'],
  loader: ({ request }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    return { id: params.get('id') ?? '', token: params.get('token') ?? '' };
  },
  Component: UnsubscribePage,
});
