import { Faq } from '../../components/Faq.tsx';
import { Island } from '../../components/Island.tsx';
import { definePage, type FaqEntry } from '../../page.ts';
import AboutUsWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What goes into a good About Us page?',
    answer: 'Who you are, what you do and for whom, how you started, what you believe in, why customers choose you and how to reach you. The generator writes each of these as its own headed section.',
  },
  {
    question: 'Is the generated page unique?',
    answer: 'It is built from your company name, description, year, location, audience and values, so the more detail you give, the more specific the page. Read it through and add a personal story or real numbers before publishing.',
  },
  {
    question: 'How do I put it on my website?',
    answer: 'Copy the HTML into your CMS (in WordPress, use a Custom HTML block or the code editor) or copy the plain text into any page builder. The HTML uses plain headings, paragraphs and lists, so it takes your theme\'s styling.',
  },
  {
    question: 'Is my information stored anywhere?',
    answer: 'No. The page is written in your browser; nothing you type is sent to our server.',
  },
];

function AboutUsGeneratorPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>About Us Page Generator</h1>
        <p className="lead">Write a complete, well-structured About Us page for your business in seconds, as ready-to-paste HTML and plain text.</p>
      </header>
      <Island name="tools/about-us-page-generator/Widget" component={AboutUsWidget} props={{ idPrefix: 'about' }} />
      <section className="prose">
        <h2>Why your About Us page matters for SEO</h2>
        <p>
          The About Us page is one of the most visited pages on a small business website, and one of the pages search engines
          and visitors use to judge experience, expertise, authoritativeness and trust (E-E-A-T). A page that clearly says who runs
          the business, where it operates and what it stands for helps people decide to contact you, and helps search engines
          connect your brand to your location and services.
        </p>
        <h2>How to use the generator</h2>
        <ol>
          <li>Enter your company name and a sentence or two about what you do.</li>
          <li>Add your founding year, location, customers and values for a more specific page.</li>
          <li>Generate, read the preview, then copy the HTML or the plain text into your website.</li>
        </ol>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const aboutUsGeneratorPage = definePage({
  path: '/about-us-page-generator',
  navLabel: 'About Us Page Generator',
  title: 'About Us Page Generator – Write a Complete About Page for Your Business',
  description:
    'Free About Us page generator: enter your company name and description and get a complete About Us page with headed sections, as copyable HTML and plain text.',
  keywords: 'about us page generator, about us generator, about page template, company profile generator',
  faq,
  aliases: ['/AboutUsPageGenerator'],
  Component: AboutUsGeneratorPage,
});
