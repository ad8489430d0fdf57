import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import CanonicalTagWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What is a canonical tag?',
    answer:
      'A <link rel="canonical"> tag in a page\'s <head> tells search engines which URL is the main version of that content, so duplicates (tracking parameters, print versions, http and https, www and non-www) consolidate their signals on one URL.',
  },
  {
    question: 'Should every page have a self-referencing canonical?',
    answer:
      'Yes, it is good practice: each page points its canonical at its own clean URL. Pages that duplicate another page point at that page instead.',
  },
  {
    question: 'Why was my #fragment removed?',
    answer:
      'Search engines ignore the part after # when choosing a canonical, so including it only causes confusion. The generator removes it and tells you.',
  },
  {
    question: 'Why are some characters changed in the tag?',
    answer:
      'URLs are normalised (international domains in punycode, spaces and special characters percent-encoded) and the attribute is HTML-escaped, for example & becomes &amp;. Browsers and crawlers read it back as the exact URL you entered.',
  },
];

function CanonicalTagGeneratorPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Canonical Tag Generator</h1>
        <p className="lead">
          Generate a correct, escaped rel="canonical" tag for any page URL and copy it into your page's head.
        </p>
      </header>
      <Island
        name="tools/canonical-tag-generator/Widget"
        component={CanonicalTagWidget}
        props={{ idPrefix: 'canonical' }}
      />
      <section className="prose">
        <h2>Fix duplicate content with one line of HTML</h2>
        <p>
          The same page often answers at several addresses: with and without www, over http and https, with UTM
          parameters from a campaign, or with sorting options on a category page. Without a canonical tag, search
          engines pick one themselves and split links and ranking signals between the copies. A canonical tag settles
          it: this is the URL to index.
        </p>
        <h2>How to add it</h2>
        <ol>
          <li>Enter the preferred, absolute URL of the page.</li>
          <li>
            Press <strong>Generate Canonical Tag</strong> and copy the result.
          </li>
          <li>
            Paste it inside the &lt;head&gt; of the page (and of any duplicate versions), then check it with our{' '}
            <a href="/seo-audit">SEO audit</a>.
          </li>
        </ol>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const canonicalTagGeneratorPage = definePage({
  path: '/canonical-tag-generator',
  navLabel: 'Canonical Tag Generator',
  title: 'Canonical Tag Generator – Create rel="canonical" Link Tags Online',
  description:
    'Free canonical tag generator: enter a page URL and get a correctly escaped rel="canonical" link tag to paste into your page head and fix duplicate content.',
  keywords: 'canonical tag generator, rel canonical, canonical url, duplicate content fix',
  faq,
  aliases: ['/CanonicalTagGenerator'],
  Component: CanonicalTagGeneratorPage,
});
