import { useLocation } from 'react-router';
import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
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
      'When the site is configured with a Google PageSpeed Insights key, the score is Google\'s Lighthouse performance score for mobile. Otherwise it is our own estimate from what the fetch measured: it starts at 100 and subtracts points for a slow first byte, heavy HTML, missing compression, render-blocking scripts and stylesheets, images without dimensions and a high number of subresources. The report says which one you are looking for.',
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
const MAX_URL_QUERY = 2048;

function SeoAuditPage() {
  const initialUrl = (new URLSearchParams(useLocation().search).get('url') ?? '').trim().slice(0, MAX_URL_QUERY);
  return (
    <article className="tool-page">
      <header className="page-hero no-print">
        <h1>Free SEO Audit Tool</h1>
        <p className="lead">Enter a page address to check its title, meta description, headings, speed and 22 SEO recommendations in seconds.</p>
      </header>
      <Island name="tools/seo-audit/Widget" component={SeoAuditWidget} props={{ idPrefix: 'audit', initialUrl }} />
      <section className="prose no-print">
        <h2>What the audit tells you</h2>
        <p>
          The report shows the page title, meta description and every H1 and H2 heading exactly as search engines read them, a
          page speed score, and the facts behind each recommendation: status code, response time, HTML size, compression,
          canonical link, robots directives, language, viewport, social tags, image alt coverage, internal and external links,
          word count, JSON-LD types and HTTPS. Each recommendation is marked pass, warning or fail so you know what to fix first:
          start with the failed <strong>High</strong> priority items.
        </p>
        <h2 id="page-speed-score">How the page speed score is computed</h2>
        <p>Without a PageSpeed Insights key configured, the score starts at 100 and loses points for what a single fetch can measure:</p>
        <ul>
          <li>time to first byte: nothing up to 200 ms, up to 25 points at 2 seconds;</li>
          <li>HTML weight: nothing up to 50 KB, up to 15 points at 1 MB;</li>
          <li>no gzip or Brotli compression on HTML over 1 KB: 10 points;</li>
          <li>render-blocking scripts in the head: 5 points each (up to 20); blocking stylesheets after the first: 2 points each (up to 10);</li>
          <li>images without width and height (they shift the layout while loading): 1 point each (up to 10);</li>
          <li>subresources referenced by the page: nothing up to 25, up to 10 points at 100.</li>
        </ul>
        <p>
          It is an estimate, not a lab test: it cannot see JavaScript execution or image weights. For the full picture, run the
          page through Lighthouse too, or ask us for a <a href="/seo-services-delhi">technical SEO review</a>.
        </p>
        <h2>Printing or sharing the report</h2>
        <p>Use <strong>Print report</strong> after an audit to print it or save it as a PDF; the form and the site menus are left out of the printout.</p>
      </section>
      <div className="no-print">
        <Faq items={faq} />
      </div>
    </article>
  );
}

export const seoAuditPage = definePage({
  path: '/seo-audit',
  navLabel: 'Free SEO Audit',
  title: 'Free SEO Audit Tool – Check Any Page for 22 SEO Issues',
  description:
    'Run a free SEO audit of any web page: title, meta description, H1 and H2 headings, page speed score and 22 recommendations marked pass, warning or fail.',
  keywords: 'free seo audit, seo audit tool, website seo checker, on-page seo analysis, seo report',
  faq,
  aliases: ['/SeoAudit', '/free-seo-audit', '/seo-audit-tool'],
  Component: SeoAuditPage,
});
