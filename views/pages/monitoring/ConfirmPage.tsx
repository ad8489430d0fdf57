import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import ConfirmWidget from './ConfirmWidget.tsx';

function ConfirmPage() {
  const { token } = useLoaderData() as { token: string };
  return (
    <article className="tool-page monitor-page">
      <header className="page-hero">
        <h1>Confirm site monitoring</h1>
      </header>
      <Island name="pages/monitoring/ConfirmWidget" component={ConfirmWidget} props={{ token }} />
    </article>
  );
}

/** The confirmation mail's link (double opt-in, issue 25): the page posts the token; the GET changes nothing. */
export const monitorConfirmPage = definePage({
  path: '/monitor/confirm',
  navLabel: 'Confirm monitoring',
  title: 'Confirm site monitoring',
  description: 'Confirm the email address that gets alerts when a monitored website breaks.',
  robots: 'noindex, nofollow',
  inSitemap: false,
  cache: false,
  query: ['token'],
  loader: ({ request }: LoaderFunctionArgs) => ({ token: new URL(request.url).searchParams.get('token') ?? '' }),
  Component: ConfirmPage,
});
