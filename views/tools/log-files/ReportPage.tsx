import { useParams } from 'react-router';
import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import LogFilesWidget from './Widget.tsx';

function LogFilesReportPage() {
  const { id = '' } = useParams();
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Log File Analysis</h1>
        <p className="lead">
          The results of an access log read by our free <a href="/log-file-analyser">log file analyser</a>. Anyone with
          this link can see them until they expire.
        </p>
      </header>
      <Island name="tools/log-files/Widget" component={LogFilesWidget} props={{ idPrefix: 'log-files', logId: id }} />
    </article>
  );
}

/** One log's results: reachable by its unguessable id only, never indexed. */
export const logFilesReportPage = definePage({
  path: '/log-file-analyser/:id',
  navLabel: 'Log File Analysis',
  title: 'Log File Analysis Results',
  description: 'The results of a server access log analysis: bots and their verification, hits per day, URLs crawled.',
  robots: 'noindex, nofollow',
  inSitemap: false,
  cache: false,
  Component: LogFilesReportPage,
});
