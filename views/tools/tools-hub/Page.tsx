import { useLocation } from 'react-router';
import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { useSite } from '#views/site-context.ts';
import { availableTools, toolNames } from '#views/model/tools-hub.ts';
import ToolsHubWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'Are these SEO tools really free?',
    answer:
      'Yes. Every tool on this page is free to use, with no sign-up and no account. Fair-use limits (for example 100 keywords per anchor text run) keep them fast for everyone.',
  },
  {
    question: 'Do I need to install anything?',
    answer:
      'No. All tools run in your browser or on our server and work on desktop and mobile. Just open a tool, paste your input and press the button.',
  },
  {
    question: 'Which tool should I start with?',
    answer:
      'Start with the SEO Audit to see what to fix on a page, then use the Google Index Checker to confirm it can be indexed, and the Sitemap Generator to help search engines find every page.',
  },
  {
    question: 'Is the data I enter stored?',
    answer:
      'Tools that only transform text (comma separator, domain extractor, about-us generator and similar) run entirely in your browser. Tools that need to fetch a page or video send only the URL you enter, and we do not sell or share it.',
  },
  {
    question: 'Can your team do the SEO work for me?',
    answer:
      'Yes. The tools are made by an SEO agency serving Delhi NCR. If you would rather have experts handle audits, content and link building, contact us for a free consultation.',
  },
];

/** Paths of the pages that exist, from the route table. */
function useExistingPaths(): Set<string> {
  return new Set(useSite().nav.paths);
}

function TryFreeToolsPage() {
  const tools = toolNames(availableTools(useExistingPaths()));
  const query = new URLSearchParams(useLocation().search).get('q')?.slice(0, 100) ?? '';
  return (
    <article className="tool-page tools-hub-page">
      <header className="page-hero">
        <h1>Free SEO Tools</h1>
        <p className="lead">
          Practical tools for site owners and marketers: audit a page or a whole site, check indexing, generate
          sitemaps, anchors and tags, and clean up URL lists. Free, no sign-up.
        </p>
      </header>
      <Island
        name="tools/tools-hub/Widget"
        component={ToolsHubWidget}
        props={{ initialTools: tools, initialQuery: query }}
      />
      <section className="prose">
        <h2>What you can do with these tools</h2>
        <p>
          Search engine optimisation is mostly careful, repetitive work: checking that pages can be crawled and indexed,
          keeping URLs and redirects tidy, writing metadata, and building links with a natural mix of anchor texts.
          These tools take the repetitive part off your hands so you can spend your time on decisions. Start with an
          audit, fix what it finds, then use the crawl tools to confirm the whole site is in order.
        </p>
        <p>
          Need a hand with the results? <a href="/contact-me">Contact us</a> and our Delhi NCR team will help you act on
          them.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const toolsHubPage = definePage({
  path: '/try-free-tools',
  // ?q= filters the tools (works without JavaScript).
  query: ['q'],
  navLabel: 'Free SEO Tools',
  title: 'Free SEO Tools – Audit, Index Checker, Sitemap, Anchor Text and More',
  description:
    'A free suite of SEO tools: SEO audit, Google index checker, sitemap generator, anchor text and backlink generators, canonical tags, YouTube tools and more. No sign-up.',
  keywords:
    'free seo tools, online seo tools, seo audit tool, index checker, anchor text generator, backlink generator',
  faq,
  aliases: ['/TryFreeTools', '/free-seo-tools', '/tools'],
  Component: TryFreeToolsPage,
});
