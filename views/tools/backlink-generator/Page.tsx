import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { SERVICES } from '#views/model/backlink-services.ts';
import BacklinkWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What does the backlink generator do?',
    answer: `It builds the links to ${SERVICES.length} public whois, DNS, SEO-stats, technology, security and archive pages for your domain. Opening them shows you how each service sees your site, and many of these pages are crawled and link back to the domain they describe.`,
  },
  {
    question: 'Will these links improve my rankings on their own?',
    answer:
      'Not much. Links from analysis pages are usually low-weight and often nofollow. They help search engines discover a new domain and give you useful reports, but real ranking gains come from relevant links earned with good content and outreach.',
  },
  {
    question: 'Can I enter a full URL?',
    answer:
      'Yes. Paste a domain or any URL: the scheme, port, path and a leading "www." are removed, and international domain names are converted to the punycode form the services expect.',
  },
  {
    question: 'Why do only some tabs open?',
    answer:
      'Browsers block pop-ups unless you allow them for a site. Allow pop-ups for this site and press the batch button again, or open the links one by one from the table.',
  },
  {
    question: 'Is any data sent to your server?',
    answer: 'No. The list is built in your browser; nothing is sent until you open one of the services yourself.',
  },
];

function BacklinkGeneratorPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Backlink Generator Tool</h1>
        <p className="lead">
          Get the links to {SERVICES.length} whois, site-info, SEO-stats and security pages for your domain, then open
          them in batches or export the list.
        </p>
      </header>
      <Island name="tools/backlink-generator/Widget" component={BacklinkWidget} props={{ idPrefix: 'backlink' }} />
      <section className="prose">
        <h2>How it works</h2>
        <p>
          Services such as whois lookups, traffic estimators, technology profilers and security scanners publish a page
          for every domain someone looks up. Visiting those pages for your own domain gets them generated, gives search
          engines more paths to discover a new site, and hands you a free snapshot of how the web sees it: registration
          data, DNS, SSL grade, tech stack, estimated traffic and archived versions.
        </p>
        <h2>Getting the most from it</h2>
        <ul>
          <li>Use it once when you launch or move a domain, not every day.</li>
          <li>
            Read the reports: an expired SSL certificate or a blacklist entry matters far more than any single link.
          </li>
          <li>
            Pair it with real link building: plan your anchors with the{' '}
            <a href="/bulk-anchor-text-generators">bulk anchor text generator</a>.
          </li>
        </ul>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const backlinkGeneratorPage = definePage({
  path: '/backlink-generator-tool',
  navLabel: 'Backlink Generator Tool',
  title: 'Backlink Generator Tool – Whois, SEO Stats and Site Info Links for Your Domain',
  description: `Free backlink generator: links to ${SERVICES.length} whois, DNS, SEO-stats, security and archive services for your domain. Open in batches, copy or export as CSV.`,
  keywords: 'backlink generator, free backlinks, backlink maker, seo stats, whois backlinks',
  faq,
  aliases: ['/BacklinkGeneratorTool'],
  Component: BacklinkGeneratorPage,
});
