import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import IndexCheckerWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What is the difference between "Indexable" and "Indexed"?',
    answer:
      'Indexable means nothing on the page stops Google from indexing it: it answers 200, robots.txt lets Googlebot in, there is no noindex in the HTML or the X-Robots-Tag header, and its canonical does not point elsewhere. Indexed means Google has actually put it in its index, which only Google can tell.',
  },
  {
    question: 'Why does the Indexed column say "Not checked"?',
    answer:
      'Whether a URL is in Google\'s index can only be read from Google Search Console by the site\'s owner. When this site is connected to a Search Console property the column shows Yes or No for URLs in that property, with what Google last saw: when it crawled the page and as which crawler, whether it could fetch it, what robots.txt and noindex told it, and the canonical Google chose beside the one the page declares; otherwise it says it was not checked instead of guessing. The "Search Google" link under it runs a site: search for the URL so you can look yourself.',
  },
  {
    question: 'My page is indexable but not indexed. What now?',
    answer:
      'Link to it from pages that are already indexed, add it to your XML sitemap, make the content substantially useful and unique, and request indexing in Search Console. New pages can take days or weeks to appear.',
  },
  {
    question: 'How many URLs can I check?',
    answer:
      "Up to 50 URLs per run. Each URL and its site's robots.txt are fetched live, so results reflect the pages as they are right now.",
  },
];

function IndexCheckerPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Google Index Checker</h1>
        <p className="lead">Find out whether Google can index your pages, and if not, exactly what is stopping it.</p>
      </header>
      <Island name="tools/index-checker/Widget" component={IndexCheckerWidget} props={{ idPrefix: 'index' }} />
      <section className="prose">
        <h2>Indexable is not the same as indexed</h2>
        <p>
          Google's index can only be read for sites you own: add your site to{' '}
          <a href="https://search.google.com/search-console" target="_blank" rel="noopener noreferrer">
            Google Search Console
          </a>{' '}
          and use URL Inspection to see whether a page is indexed and why not. This tool checks everything Google needs
          to be allowed to index a page. Each result also links to a Google <code>site:</code> search for that URL, a
          quick look you can take yourself; it is a rough sign, not Google's verdict.
        </p>
        <p>
          When a page cannot be reached (the domain does not resolve, the server refuses the connection or does not
          answer in time), the result says <strong>Could not check</strong> and why, instead of guessing.
        </p>
        <h2>What we check for every URL</h2>
        <ul>
          <li>
            <strong>Final status</strong>: the URL must answer 200; redirects and errors are reported.
          </li>
          <li>
            <strong>robots.txt</strong>: the rules for Googlebot are read from the site’s robots.txt and matched against
            the URL.
          </li>
          <li>
            <strong>noindex</strong>: in the robots meta tag or the X-Robots-Tag HTTP header.
          </li>
          <li>
            <strong>Canonical</strong>: a canonical link pointing to another URL tells Google to index that one instead.
          </li>
        </ul>
        <p>
          Fix blocking signals first, then make sure the page is linked internally and listed in your sitemap. Need help
          with pages that will not index? Our <a href="/seo-services-delhi">SEO services in Delhi</a> include technical
          indexing audits.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const indexCheckerPage = definePage({
  path: '/google-index-checker',
  navLabel: 'Google Index Checker',
  title: 'Google Index Checker – Is Your Page Indexable?',
  description:
    'Check up to 50 URLs for Google indexability: final HTTP status, robots.txt rules for Googlebot, noindex meta tags and headers, and canonical links.',
  keywords: 'google index checker, indexability checker, check if page is indexed, noindex checker, robots.txt tester',
  faq,
  aliases: ['/GoogleIndexChecker'],
  Component: IndexCheckerPage,
});
