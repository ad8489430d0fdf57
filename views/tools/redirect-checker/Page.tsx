import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import RedirectCheckerWidget from './Widget.tsx';
import { MAX_MIGRATION_CSV_BYTES, MAX_MIGRATION_ROWS, MIGRATION_BATCH_ROWS } from './rules.ts';
import { MIGRATION_BATCHES_PER_MINUTE, MIGRATION_PER_HOST } from '#views/model/redirect-migration.ts';

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
          Paste up to 100 URLs and see where each one ends up, with every hop and status code in the chain, or check a
          whole site migration from an old → new CSV.
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
        <h2>Checking a site migration</h2>
        <p>
          Choose <strong>Check a migration</strong>, then paste or upload a CSV of old and new URLs (one pair per line,
          up to {MAX_MIGRATION_ROWS.toLocaleString('en-US')} rows and {MAX_MIGRATION_CSV_BYTES / 1024 / 1024} MB; a
          header line is optional, and the new URL may be a path such as <code>/blog/new-post</code>). Each old URL is
          requested as Googlebot smartphone and as a desktop browser, and the row is <em>as expected</em> when both end
          on the new URL with a 200 through permanent redirects only. A line that cannot be checked (a missing new URL,
          an address that is not http or https) is listed with its line number and skipped; the other rows are checked.
          Rows are checked in batches of {MIGRATION_BATCH_ROWS}, at most {MIGRATION_PER_HOST} requests at a time to one
          site, and appear as they come in.
        </p>
        <p>
          Every hop shows its status, where it sends you, how long the server took to answer and the headers that matter
          for search engines (X-Robots-Tag, Cache-Control, a canonical Link header, Server). A Refresh header and an
          HTML meta refresh count as hops (an instant one acts as a permanent redirect, a delayed one as a temporary
          one), and a hop from HTTP to HTTPS or back is named.
        </p>
        <p>
          The results download as CSV, together with ready-to-paste <strong>nginx</strong> rules (exact-match locations)
          and <strong>Apache</strong> rules (mod_rewrite, for the VirtualHost or the site root&apos;s .htaccess) for
          every row that does not reach its new URL in one permanent redirect.
        </p>
        <h3>API</h3>
        <p>
          <code>POST /api/bulk-url-redirection/migration</code> with{' '}
          <code>
            {'{"rows": [{"from": "https://old.example/a", "to": "/b"}], "userAgent": "googlebot-smartphone"}'}
          </code>{' '}
          (userAgent optional: <code>googlebot-smartphone</code> or <code>browser</code>; both by default) answers{' '}
          <code>{'{"results": [{from, to, finalUrl, status, hops, permanent, matches, agentsDiffer, checks}]}'}</code>{' '}
          in the order sent. The list is paged by the caller: at most {MIGRATION_BATCH_ROWS} rows per request (send a
          longer list as consecutive requests), each answered within the per-request deadline; rows not checked by then
          come back with <code>state: "timed-out"</code> in their checks. <code>to</code> comes back as an absolute URL;
          the top-level facts are those of the first check (Googlebot when both ran) and <code>matches</code> is true
          only when every check matched. Instead of <code>rows</code>, <code>{'{"csv": "old,new\\n..."}'}</code> sends
          the CSV file itself: its lines that cannot be checked come back as{' '}
          <code>{'"skipped": [{"line": 3, "problem": "..."}]'}</code> and the others are checked; an empty file, one
          with only a header or one without a good line is refused. Bad input answers 400 with{' '}
          <code>{'{"error": "..."}'}</code>; the quota is {MIGRATION_BATCHES_PER_MINUTE} requests a minute per visitor.
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
