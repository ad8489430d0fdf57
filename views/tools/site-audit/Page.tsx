import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { ISSUE_TYPES, type Severity } from '#views/model/site-audit.ts';
import SiteAuditWidget from './Widget.tsx';
import { useSite } from '#views/site-context.ts';

const faq: FaqEntry[] = [
  {
    question: 'What does the site audit check?',
    answer: `It crawls every page it can reach from the address you enter, reads your robots.txt and sitemaps, and checks ${ISSUE_TYPES.length} kinds of problems: broken links and pages, redirect chains and loops, titles, descriptions and headings, thin and duplicate content, canonicals, hreflang, sitemaps, images, mobile viewport, structured data, HTTPS and response time.`,
  },
  {
    question: 'How many pages can it audit?',
    answer:
      'Up to 5,000 URLs per audit (pages, redirects, images and files), at most 8 requests at a time and slower when your robots.txt sets a Crawl-delay. There is no 500-URL cap and no sign-up.',
  },
  {
    question: 'Who can see my audit?',
    answer:
      'Your list of audits is tied to a cookie in your browser, so nobody else can list them. Each report has a long random address you can share with your team or a client; report pages are never indexed by search engines.',
  },
  {
    question: 'How do I see what changed after I fix things?',
    answer:
      'Run the audit again from the report ("Re-run audit"). The new report lists the issues that are new and the ones you fixed since your previous audit of the same address.',
  },
];

const SEVERITIES: Array<[Severity, string]> = [
  ['error', 'Errors: fix these first'],
  ['warning', 'Warnings'],
  ['notice', 'Notices'],
];

function SiteAuditPage() {
  const { siteUrl } = useSite();
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Free Website SEO Audit: Crawl Your Whole Site</h1>
        <p className="lead">
          Enter your website address. The audit crawls every page like a search engine and lists every problem it finds,
          page by page, with how to fix it. Download the results as CSV or as a PDF report for your client.
        </p>
      </header>
      <Island name="tools/site-audit/Widget" component={SiteAuditWidget} props={{ idPrefix: 'site-audit', siteUrl }} />
      <section className="prose">
        <h2>How the site audit works</h2>
        <ol>
          <li>
            It reads your robots.txt and every sitemap it names (or /sitemap.xml), and respects Disallow rules and
            Crawl-delay.
          </li>
          <li>
            It starts at the address you entered and follows every link on your site, including pages only listed in a
            sitemap.
          </li>
          <li>
            It records the facts of every URL (status, title, headings, words, canonical, links, images) but never keeps
            your pages.
          </li>
          <li>
            It checks every rule below across the whole site, so duplicates, orphans and broken links are found exactly.
          </li>
        </ol>
      </section>
      <section className="prose" aria-labelledby="audit-checks-heading">
        <h2 id="audit-checks-heading">What the audit checks ({ISSUE_TYPES.length} issue types)</h2>
        {SEVERITIES.map(([severity, label]) => (
          <div key={severity}>
            <h3>{label}</h3>
            <ul className="audit-checks">
              {ISSUE_TYPES.filter((type) => type.severity === severity).map((type) => (
                <li key={type.type}>{type.title}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const siteAuditPage = definePage({
  path: '/site-audit',
  navLabel: 'Website SEO Audit',
  title: 'Free Website SEO Audit – Crawl Your Whole Site for SEO Issues',
  description: `Free whole-site SEO audit: crawls up to 5,000 URLs, checks ${ISSUE_TYPES.length} issue types (broken links, redirects, duplicates, canonicals, sitemaps, hreflang) and exports CSV and PDF.`,
  keywords: 'website seo audit, site audit tool, seo crawler, broken link checker, technical seo audit, free seo audit',
  faq,
  aliases: ['/site-audit-tool', '/SiteAudit', '/website-audit'],
  Component: SiteAuditPage,
});
