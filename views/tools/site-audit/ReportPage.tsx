import { useParams, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_TIME_ZONE } from '#views/business.ts';
import { Island } from '#views/components/Island.tsx';
import type { HeadMeta } from '#views/layout/SeoHead.tsx';
import { loaderContext, type ReportHeadFacts } from '#views/loader-context.ts';
import { REPORT_CARD, reportCardPath } from '#views/model/site-audit-card.ts';
import { reportTitle } from '#views/model/site-audit-report.ts';
import { definePage } from '#views/page.ts';
import { useSite } from '#views/site-context.ts';
import { summaryLine } from './logic.ts';
import type { AuditSummary } from './schema.ts';
import SiteAuditWidget from './Widget.tsx';

/**
 * A finished report's head names what link previews (WhatsApp, Slack) should show: the site, the
 * date and the score, with the report's card (its Open Graph image); an audit still running or gone keeps the
 * page's plain title.
 */
export function reportHead(id: string, audit: ReportHeadFacts, timeZone: string): Partial<HeadMeta> | undefined {
  const summary = audit.summary as AuditSummary | undefined;
  if (audit.status !== 'done' || !summary) return undefined;
  const title = `${reportTitle(audit, timeZone)}: score ${summary.score}/100`;
  return {
    title,
    image: { path: reportCardPath(id), ...REPORT_CARD, alt: title },
    description: `Whole-site SEO audit: ${summary.score}/100 health score, ${summaryLine(summary)}. Issues by severity with how to fix them, every crawled page, CSV and PDF.`,
  };
}

async function loadReportHead({ params, context }: Pick<LoaderFunctionArgs, 'params' | 'context'>) {
  const { siteAudits, timeZone = DEFAULT_TIME_ZONE } = loaderContext(context);
  const id = params.id ?? '';
  const audit = await siteAudits?.head(id);
  const head = audit && reportHead(id, audit, timeZone);
  return head ? { head } : null;
}

function SiteAuditReportPage() {
  const { id = '' } = useParams();
  const { siteUrl } = useSite();
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
        props={{ idPrefix: 'site-audit', auditId: id, siteUrl }}
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
  loader: loadReportHead,
  Component: SiteAuditReportPage,
});
