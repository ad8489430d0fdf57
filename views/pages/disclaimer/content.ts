import type { ProsePage } from '#views/pages/shared/content-types.ts';
import { legalLinks } from '#views/pages/shared/legal-links.ts';

export const disclaimer: ProsePage = {
  meta: {
    title: 'Disclaimer | Use of Our SEO Advice, Tools and Third-Party Data',
    description:
      'Our SEO content is general information, tool results reflect the moment they run, third-party metrics are approximate and rankings are never guaranteed.',
    keywords: ['disclaimer', 'seo tools disclaimer', 'no ranking guarantee'],
  },
  heading: 'Disclaimer',
  intro: [
    'By using this website and its free tools you accept the terms of use set out below. Please read them together with our terms and conditions and privacy policy.',
  ],
  sections: [
    {
      heading: 'General information, not professional advice',
      paragraphs: [
        'Our guides, articles and tool explanations are general information about search engine optimisation and digital marketing. They are not advice for your specific situation. Before making important business decisions, consider your circumstances or speak to a professional who knows them.',
      ],
    },
    {
      heading: 'Tool results',
      paragraphs: [
        'The free tools report on the pages and data you give them at the moment you run them. Websites change, servers time out and search engines behave differently from our checks, so results can be incomplete or out of date. We work to keep the tools accurate but cannot promise that every result is correct.',
      ],
    },
    {
      heading: 'Third-party metrics and links',
      paragraphs: [
        'Figures such as Domain Authority and spam score come from third parties, are approximate, and are shown with the date we recorded them. Links to other websites are provided for convenience; we do not control and are not responsible for their content or policies.',
      ],
    },
    {
      heading: 'No guarantee of rankings',
      paragraphs: [
        'Search engines decide rankings. Nothing on this site, including our services, guarantees a position, traffic level or number of enquiries.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the extent the law allows, we are not liable for losses arising from the use of this website, its content or its tools.',
      ],
    },
  ],
  faq: [
    {
      question: 'Are the free tools really free?',
      answer:
        'Yes. No account or payment is needed. We may limit how often a tool can be used from one address to keep it available for everyone.',
    },
    {
      question: 'Can I rely on tool results for client reports?',
      answer:
        'Use them as a starting point and confirm important findings in Google Search Console or by checking the page yourself, because results reflect the moment the check ran.',
    },
    {
      question: 'Why do Domain Authority figures differ from other sites?',
      answer:
        'They are third-party estimates that change over time. We show the date each figure was recorded and leave the cell blank rather than guess.',
    },
    {
      question: 'Who do I contact about something on this page?',
      answer: 'Use our contact page. We read every message and reply.',
    },
  ],
  links: legalLinks,
};
