import { useLocation } from 'react-router';
import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { Table } from '#views/components/Table.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { CHECK_COST, GRADE_BANDS } from '#views/model/seo-audit-grade.ts';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';
import SeoAuditWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What does the free SEO audit check?',
    answer:
      'It fetches the page you enter, reads its HTML once and evaluates 22 recommendations across links, on-page SEO, social tags, performance, usability and security: title and meta description, headings, canonical, noindex directives, word count, Open Graph and Twitter tags, server response time, HTML weight, compression, render-blocking scripts, viewport, image alt text, HTTPS with HSTS, structured data and the HTTP status.',
  },
  {
    question: 'How is the page speed score calculated?',
    answer:
      "When the site is configured with a Google PageSpeed Insights key, the score is Google's Lighthouse performance score for mobile. Otherwise it is our own estimate from what the fetch measured: it starts at 100 and subtracts points for a slow first byte, heavy HTML, missing compression, render-blocking scripts and stylesheets, images without dimensions, a high number of subresources, and heavy images (it weighs the first 20 images on the page). The report says which one you are looking for.",
  },
  {
    question: 'Can I audit any URL?',
    answer:
      'Any public http or https page. For safety the tool refuses addresses on private, loopback or cloud-metadata networks, URLs with passwords in them, and it stops after 10 redirects, 15 seconds or 5 MB of HTML.',
  },
  {
    question: 'Is the SEO audit really free, and do I need an account?',
    answer:
      'Yes, it is free and needs no account. You can run a handful of audits per minute; if you want a deeper manual audit of a whole site, contact our Delhi team.',
  },
];

/** Longest `?url=` taken from the address bar (the audit API enforces its own limits). */

function SeoAuditPage() {
  const initialUrl = (new URLSearchParams(useLocation().search).get('url') ?? '').trim().slice(0, MAX_URL_LENGTH);
  return (
    <article className="tool-page">
      <header className="page-hero no-print">
        <h1>Free SEO Audit Tool</h1>
        <p className="lead">
          Enter a page address to check its title, meta description, headings, speed and 22 SEO recommendations in
          seconds.
        </p>
      </header>
      <Island name="tools/seo-audit/Widget" component={SeoAuditWidget} props={{ idPrefix: 'audit', initialUrl }} />
      <section className="prose no-print">
        <h2>What the audit tells you</h2>
        <p>
          The report gives the page an SEO score from 0 to 100 and a grade from A to F, shows the page title, meta
          description and every H1 and H2 heading exactly as search engines read them, a page speed figure, and the
          facts behind each recommendation: status code, response time, HTML size, compression, canonical link, robots
          directives, language, viewport, social tags, image alt coverage, internal and external links, word count,
          JSON-LD types and HTTPS. The checks are listed failures first, then warnings, High priority first, so the top
          of the list is what to fix first; the tabs show only the failed, warned or passed ones.
        </p>
        <h2 id="seo-score">How the SEO score and grade are computed</h2>
        <p>
          The score comes from the 22 checks alone. It starts at 100, and every check that does not pass costs points by
          its priority; a warning costs about half as much as a failure. The score never goes below 0.
        </p>
        <Table className="data-table score-table" columns={['Priority', 'Failed', 'Warning']}>
          {(['High', 'Medium', 'Low'] as const).map((priority) => (
            <tr key={priority}>
              <th scope="row">{priority}</th>
              <td>−{CHECK_COST[priority].fail}</td>
              <td>−{CHECK_COST[priority].warning}</td>
            </tr>
          ))}
        </Table>
        <p>
          Grades:{' '}
          {GRADE_BANDS.map((band, index) => {
            const next = GRADE_BANDS[index - 1];
            return `${band.grade} ${next ? `${band.min}–${next.min - 1}` : `${band.min}–100`}`;
          }).join(', ')}
          . The page speed figure is shown beside the grade but does not count in it.
        </p>
        <h2 id="page-speed-score">How the page speed score is computed</h2>
        <p>
          Without a PageSpeed Insights key configured, the score starts at 100 and loses points for what a single fetch
          can measure:
        </p>
        <ul>
          <li>time to first byte: nothing up to 200 ms, up to 25 points at 2 seconds;</li>
          <li>HTML weight: nothing up to 50 KB, up to 15 points at 1 MB;</li>
          <li>no gzip or Brotli compression on HTML over 1 KB: 10 points;</li>
          <li>
            render-blocking scripts in the head: 5 points each (up to 20); blocking stylesheets after the first: 2
            points each (up to 10);
          </li>
          <li>images without width and height (they shift the layout while loading): 1 point each (up to 10);</li>
          <li>subresources referenced by the page: nothing up to 25, up to 10 points at 100;</li>
          <li>
            the heaviest image: nothing up to 150 KB, up to 20 points at 1.5 MB (on a phone it is often the largest
            thing to paint);
          </li>
          <li>all the images weighed together: nothing up to 1 MB, up to 20 points at 3 MB.</li>
        </ul>
        <p>
          Images are weighed by asking their server for their size (a HEAD request, or the first byte of the file): the
          first 20 images on the page, four at a time, each within 5 seconds and all within 8. An image whose size
          cannot be read is left out rather than guessed. A single 2.3 MB photo costs 33 points. The report lists the
          heaviest images with their sizes.
        </p>
        <p>
          It is an estimate, not a lab test: it cannot see JavaScript execution, fonts or images added by scripts. For
          the full picture, run the page through Lighthouse too, or ask us for a{' '}
          <a href="/seo-services-delhi">technical SEO review</a>.
        </p>
        <h2>Printing or sharing the report</h2>
        <p>
          Use <strong>Print report</strong> after an audit to print it or save it as a PDF; the form and the site menus
          are left out of the printout.
        </p>
      </section>
      <div className="no-print">
        <Faq items={faq} />
      </div>
    </article>
  );
}

export const seoAuditPage = definePage({
  path: '/seo-audit',
  // ?url= fills the box and runs the audit (the home page's audit box links here).
  query: ['url'],
  navLabel: 'Free SEO Audit',
  title: 'Free SEO Audit Tool – Check Any Page for 22 SEO Issues',
  description:
    'Run a free SEO audit of any web page: title, meta description, H1 and H2 headings, page speed score and 22 recommendations marked pass, warning or fail.',
  keywords: 'free seo audit, seo audit tool, website seo checker, on-page seo analysis, seo report',
  faq,
  aliases: ['/SeoAudit', '/free-seo-audit', '/seo-audit-tool'],
  Component: SeoAuditPage,
});
