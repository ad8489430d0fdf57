import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { PLAN_COLUMNS, PlanPrice } from '#views/components/Plans.tsx';
import { Table } from '#views/components/Table.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { ANCHOR_TEXT_PLANS } from '#views/model/plans.ts';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS } from './rules.ts';
import AnchorTextWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What is anchor text?',
    answer:
      'Anchor text is the clickable text of a link. Search engines read it as a hint about the page the link points to, so the words you link with matter for rankings.',
  },
  {
    question: 'Which anchor types does the generator create?',
    answer:
      'Exact match (the keyword itself), partial match (the keyword plus other words), phrase match (the keyword inside a natural sentence), LSI-style variants (synonyms, plurals and reordered phrases), branded anchors, naked URLs and generic anchors such as "learn more".',
  },
  {
    question: 'How many keywords can I enter?',
    answer: `Up to ${MAX_KEYWORDS} keywords per run, each up to ${MAX_KEYWORD_LENGTH} characters. Separate them with commas or put one per line; blank entries are ignored.`,
  },
  {
    question: 'What is a safe anchor text ratio?',
    answer:
      'There is no fixed number, but natural link profiles are dominated by branded, naked URL and generic anchors, with exact-match anchors a small minority. Use the variety this tool produces to keep your profile natural.',
  },
  {
    question: 'Why add my brand and website?',
    answer:
      'With a brand name the generator adds branded anchors ("Brand keyword", "keyword by Brand"); with your website it adds naked URL anchors. Without them you still get every keyword-based type.',
  },
];

function PlansTable() {
  return (
    <section aria-labelledby="anchor-plans-heading">
      <h2 id="anchor-plans-heading">Plans</h2>
      <div className="table-wrap">
        <Table className="plans-table" columns={PLAN_COLUMNS}>
          {ANCHOR_TEXT_PLANS.map((plan) => (
            <tr key={plan.id}>
              <th scope="row">{plan.name}</th>
              <td>
                <PlanPrice plan={plan} />
              </td>
              <td>
                <ul>
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </Table>
      </div>
      <p>
        The paid rows are services run by our team; <a href="/contact-me">contact us</a> for a quote.
      </p>
    </section>
  );
}

function BulkAnchorTextPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Bulk Anchor Text Generator</h1>
        <p className="lead">
          Turn a list of keywords into a natural mix of anchor texts for link building, labelled by type and ready to
          export.
        </p>
      </header>
      <Island name="tools/anchor-text-generator/Widget" component={AnchorTextWidget} props={{ idPrefix: 'anchor' }} />
      <section className="prose">
        <h2>Why anchor text variety matters</h2>
        <p>
          Since Google's Penguin update, a backlink profile where most links use the same exact-match keyword looks
          manipulated and can hold a site back. Real links are messy: people link with your brand, your URL, "this
          article" or a phrase that merely contains your keyword. Planning that variety up front keeps guest posts,
          citations and outreach links looking natural while still signalling what each page is about.
        </p>
        <h2>How to use the generator</h2>
        <ol>
          <li>Enter the keywords you want a page to rank for, separated by commas or new lines.</li>
          <li>Optionally add your brand name and website to get branded and naked URL anchors.</li>
          <li>
            Press <strong>Generate Anchor Texts</strong>, then copy the list or download it as CSV to plan which anchor
            goes on which link.
          </li>
        </ol>
      </section>
      <PlansTable />
      <Faq items={faq} />
    </article>
  );
}

export const anchorTextGeneratorPage = definePage({
  path: '/bulk-anchor-text-generators',
  navLabel: 'Bulk Anchor Text Generator',
  title: 'Bulk Anchor Text Generator – Exact, Partial, Branded and LSI Anchors',
  description:
    'Free bulk anchor text generator: turn up to 100 keywords into exact, partial, phrase, LSI, branded, naked URL and generic anchors. Copy or export as CSV.',
  keywords: 'anchor text generator, bulk anchor text, anchor text ideas, link building anchors, lsi anchor text',
  faq,
  aliases: ['/BulkAnchorTextGenerators', '/bulk-anchor-text-generator'],
  Component: BulkAnchorTextPage,
});
