import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import AboutUsWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What goes into a good About Us page?',
    answer:
      'Who you are, what you do and for whom, how you started, what you believe in, why customers choose you and how to reach you. The generator writes each of these you fill in as its own headed section.',
  },
  {
    question: 'Will the generator make up anything about my business?',
    answer:
      'No. Every sentence is built from something you typed: your name, description, founding year, location, story, products or services, customers, values, reasons and contact details. It never adds customers, team sizes, awards or promises you did not give it, so a short form gives a short page. Add the optional details for a fuller one.',
  },
  {
    question: 'How do I put it on my website?',
    answer:
      "Copy the HTML into your CMS (in WordPress, use a Custom HTML block or the code editor) or copy the plain text into any page builder. The HTML uses plain headings, paragraphs and lists, so it takes your theme's styling.",
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
        <p className="lead">
          Turn the facts about your business into a well-structured About Us page, as ready-to-paste HTML and plain
          text. It says only what you tell it.
        </p>
      </header>
      <Island name="tools/about-us-page-generator/Widget" component={AboutUsWidget} props={{ idPrefix: 'about' }} />
      <section className="prose">
        <h2>Why your About Us page matters for SEO</h2>
        <p>
          The About Us page is one of the most visited pages on a small business website, and one of the pages search
          engines and visitors use to judge experience, expertise, authoritativeness and trust (E-E-A-T). A page that
          clearly says who runs the business, where it operates and what it stands for helps people decide to contact
          you, and helps search engines connect your brand to your location and services.
        </p>
        <h2>How to use the generator</h2>
        <ol>
          <li>Enter your company name and a sentence or two about what you do.</li>
          <li>
            Add any of the optional details (founding year, location, story, products or services, customers, values,
            reasons to choose you, contact details): each one adds to the page.
          </li>
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
    'Free About Us page generator: enter your company name, description and the details you want to share and get an About Us page with headed sections, as copyable HTML and plain text.',
  keywords: 'about us page generator, about us generator, about page template, company profile generator',
  faq,
  aliases: ['/AboutUsPageGenerator'],
  Component: AboutUsGeneratorPage,
});
