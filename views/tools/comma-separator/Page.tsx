import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import CommaSeparatorWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What does the comma separator tool do?',
    answer:
      'It turns a list with one item per line into a single comma-separated line. Paste keywords, email addresses, IDs or URLs, press the button and copy the result.',
  },
  {
    question: 'Are blank lines and extra spaces removed?',
    answer:
      'Yes. Each line is trimmed and empty lines are dropped, so the result never contains empty items such as ", ,".',
  },
  {
    question: 'Is my list sent to a server?',
    answer: 'No. The conversion runs entirely in your browser, so nothing you paste leaves your device.',
  },
  {
    question: 'Can I use the output in SQL or a spreadsheet?',
    answer:
      'Yes. Turn on "Wrap items in quotes" for an SQL IN (...) list or CSV; quotes inside an item are doubled, which is the escaping both formats expect.',
  },
];

function CommaSeparatorPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Comma Separator Tool</h1>
        <p className="lead">
          Convert a column of items into one comma-separated line in a single click, free and private.
        </p>
      </header>
      <Island name="tools/comma-separator/Widget" component={CommaSeparatorWidget} props={{ idPrefix: 'comma' }} />
      <section className="prose">
        <h2>When SEOs use a comma separator</h2>
        <p>
          Keyword tools, crawlers and spreadsheets export lists one item per line, while many inputs want a single line:
          the keyword field of a rank tracker, a YouTube tags box, a meta keywords tag, a disavow review, or an SQL
          query that filters by a list of URLs. Re-typing commas by hand is slow and error-prone; this tool does it
          exactly.
        </p>
        <h2>How to use it</h2>
        <ol>
          <li>Paste your list, one item per line.</li>
          <li>Choose whether you want a space after each comma, duplicates removed or items quoted.</li>
          <li>
            Press <strong>Convert to Comma Separated</strong> and copy the result.
          </li>
        </ol>
        <p>
          Need the opposite direction or more text utilities? Browse all <a href="/try-free-tools">free SEO tools</a>.
        </p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const commaSeparatorPage = definePage({
  path: '/comma-separator-tool',
  navLabel: 'Comma Separator Tool',
  title: 'Comma Separator Tool – Convert Lists to Comma Separated Values Online',
  description:
    'Free online comma separator: turn a list with one item per line into a comma-separated string. Trims spaces, drops blank lines, removes duplicates and quotes items.',
  keywords: 'comma separator, convert list to comma separated, column to comma, comma separated values tool',
  faq,
  aliases: ['/CommaSeparatorTool'],
  Component: CommaSeparatorPage,
});
