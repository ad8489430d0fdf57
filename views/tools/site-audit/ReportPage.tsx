import { useParams } from 'react-router';
import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import SiteAuditWidget from './Widget.tsx';

function SiteAuditReportPage() {
  const { id = '' } = useParams();
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Website SEO Audit Report</h1>
        <p className="lead">
          A whole-site audit made with our free <a href="/site-audit">website SEO audit</a>. Anyone with this link can
          see the report.
        </p>
      </header>
      <Island
        name="tools/site-audit/Widget"
        component={SiteAuditWidget}
        props={{ idPrefix: 'site-audit', auditId: id }}
      />
    </article>
  );
}

/** The shareable report of one audit: reachable by its unguessable id only, never indexed. */
export const siteAuditReportPage = definePage({
  path: '/site-audit/:id',
  navLabel: 'Site Audit Report',
  title: 'Website SEO Audit Report',
  description:
    'The report of a whole-site SEO audit: score, issues by severity with how to fix them, every crawled page, CSV and PDF exports.',
  robots: 'noindex, nofollow',
  inSitemap: false,
  cache: false,
  Component: SiteAuditReportPage,
});
