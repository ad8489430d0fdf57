import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import RedirectCheckerWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What does the bulk URL redirect checker do?',
    answer:
      'It requests each URL you paste, follows every redirect the server sends (301, 302, 303, 307, 308) and shows the whole chain with the status code of each hop and the final address.',
  },
  {
    question: 'How many URLs can I check at once?',
    answer:
      'Up to 100 URLs per run. They are checked several at a time, each with a 10-redirect limit and a time limit, and the whole list has a 25-second limit: URLs not checked by then are marked "Timed out" instead of keeping you waiting.',
  },
  {
    question: 'What happens with redirect loops?',
    answer:
      'A loop (A redirects to B which redirects back to A) or a chain longer than 10 hops is stopped and reported on that row as an error, together with the hops followed so far.',
  },
  {
    question: 'Why should redirect chains be short?',
    answer:
      'Every extra hop costs the visitor a round trip and can dilute link signals. After a site migration, each old URL should answer a single 301 straight to its new page.',
  },
];

function RedirectCheckerPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Bulk URL Redirect Checker</h1>
        <p className="lead">
          Paste up to 100 URLs and see where each one ends up, with every hop and status code in the chain.
        </p>
      </header>
      <Island
        name="tools/redirect-checker/Widget"
        component={RedirectCheckerWidget}
        props={{ idPrefix: 'redirects' }}
      />
      <section className="prose">
        <h2>When to check redirects</h2>
        <p>
          Check your old URLs after a site migration, an HTTPS switch or a change of URL structure; check backlinks you
          have earned to make sure they still land on a live page; and check affiliate or campaign links before you send
          them out. A healthy result is one hop: the old address answers 301 and the new one answers 200.
        </p>
        <h2>Reading the results</h2>
        <ul>
          <li>
            <strong>301 / 308</strong>: permanent redirect; search engines move signals to the target.
          </li>
          <li>
            <strong>302 / 303 / 307</strong>: temporary redirect; fine for short campaigns, not for moved content.
          </li>
          <li>
            <strong>4xx / 5xx</strong> at the end of a chain: the target is broken; fix the redirect or the page.
          </li>
        </ul>
        <p>Each row is flagged when something needs attention, and the summary line counts the rows:</p>
        <ul>
          <li>
            <strong>Temporary redirect</strong>: a 302, 303 or 307 hop; use a 301 if the page has moved for good.
          </li>
          <li>
            <strong>Redirect chain</strong>: two or more redirects; point the first URL straight at the last one.
          </li>
          <li>
            <strong>Redirect loop</strong>: the chain comes back to a URL it already visited and never ends.
          </li>
          <li>
            <strong>Broken</strong>: the chain ends in a 4xx or 5xx error, or the site did not answer at all.
          </li>
        </ul>
        <p>
          <strong>Check as</strong> chooses who asks: a desktop browser, or Googlebot smartphone, the crawler Google
          indexes with. Some sites send the two to different places (a mobile site, a bot block), and search engines
          only see the second.
        </p>
        <p>
          Download the table as CSV to share it with your developer, or ask our{' '}
          <a href="/seo-services-delhi">SEO team in Delhi</a> to plan a migration.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const redirectCheckerPage = definePage({
  path: '/bulk-url-redirection-tool',
  navLabel: 'Bulk URL Redirect Checker',
  title: 'Bulk URL Redirect Checker – Trace 301 and 302 Redirect Chains',
  description:
    'Check up to 100 URLs at once: follow every 301, 302, 307 and 308 redirect, see each hop with its status code, spot loops and long chains, and export to CSV.',
  keywords: 'bulk redirect checker, redirect chain checker, 301 redirect checker, url redirect tool',
  faq,
  aliases: ['/BulkUrlRedirectionTool', '/bulk-url-redirection'],
  Component: RedirectCheckerPage,
});
