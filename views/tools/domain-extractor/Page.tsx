import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { MAX_LINES } from './logic.ts';
import DomainExtractorWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What does the URL domain extractor do?',
    answer:
      'It reads a list of URLs, one per line, and returns the hostname of each: https://www.example.com/blog?id=1 becomes www.example.com. Ports, paths, query strings and login details are dropped.',
  },
  {
    question: 'What happens to lines that are not URLs?',
    answer:
      'They stay in the list in their original position, marked "Invalid URL", so you can see exactly which entries need fixing. They are left out of the copied result.',
  },
  {
    question: 'What is the difference between Hostname and Root domain?',
    answer:
      'Hostname is the full host of each URL (blog.shop.example.co.uk). Root domain is the part a company registers (example.co.uk), worked out from the Public Suffix List, so country endings such as .co.uk, .com.au and .co.in are handled correctly. Sites on shared hosts such as name.github.io or name.blogspot.com keep their own name. IP addresses and localhost have no root domain and are shown as they are.',
  },
  {
    question: 'Can I remove duplicates?',
    answer:
      'Yes. Tick "Unique domains only" to keep the first occurrence of each domain, and "Remove www." to treat www.example.com and example.com as the same domain.',
  },
  {
    question: 'Does it handle international domain names?',
    answer:
      'Yes. Domains with non-Latin characters are returned in punycode (for example xn--mnchen-3ya.de), the form DNS, crawlers and most SEO tools use.',
  },
  {
    question: 'Are my URLs sent anywhere?',
    answer: `No. Extraction runs entirely in your browser, up to ${MAX_LINES.toLocaleString('en-US')} URLs at a time.`,
  },
];

function UrlDomainExtractorPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>URL Domain Extractor</h1>
        <p className="lead">
          Paste a list of URLs and get the hostname or root domain of each one, with duplicates removed if you like.
          Runs in your browser.
        </p>
      </header>
      <Island
        name="tools/domain-extractor/Widget"
        component={DomainExtractorWidget}
        props={{ idPrefix: 'extractor' }}
      />
      <section className="prose">
        <h2>When you need a list of domains</h2>
        <p>
          Backlink exports, crawl reports and referral logs list full URLs, but many SEO decisions are made per domain:
          which sites already link to you, which referring domains to disavow, which competitors appear most often in
          the results, or which guest post sites you have already contacted. Extracting and de-duplicating the domains
          turns thousands of URLs into a short list you can act on.
        </p>
        <h2>How to use it</h2>
        <ol>
          <li>Paste your URLs, one per line.</li>
          <li>Choose the output: the full hostname, or the root domain (example.co.uk for a.b.example.co.uk).</li>
          <li>Choose whether to keep unique domains only and whether to drop "www.".</li>
          <li>
            Press <strong>Extract Domains</strong> and copy the result.
          </li>
        </ol>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const domainExtractorPage = definePage({
  path: '/url-domain-extractor',
  navLabel: 'URL Domain Extractor',
  title: 'URL Domain Extractor – Get Domains and Hostnames from a List of URLs',
  description:
    'Free URL domain extractor: paste URLs one per line and get each hostname or root domain (Public Suffix List), with invalid lines marked, optional de-duplication and www removal.',
  keywords: 'url domain extractor, extract domain from url, hostname extractor, bulk domain extractor',
  faq,
  aliases: ['/UrlDomainExtractor'],
  Component: UrlDomainExtractorPage,
});
