import type { ProsePage } from '#views/pages/shared/content-types.ts';

export const seoOptimizedPage: ProsePage = {
  meta: {
    title: 'What Makes an SEO-Optimised Page? A Checklist with Examples',
    description:
      'What makes a page SEO-optimised: search intent, title and meta description, headings, substance, internal links, images, schema and speed.',
    keywords: [
      'seo optimized page',
      'on page seo checklist',
      'seo friendly web page',
      'meta description length',
      'page title seo',
    ],
  },
  heading: 'What makes an SEO-optimised page',
  intro: [
    'An SEO-optimised page is simply a page that answers one search better than the alternatives and makes that obvious to both people and search engines. This very page follows the checklist below.',
  ],
  sections: [
    {
      heading: '1. It matches one search intent',
      paragraphs: [
        'Decide what the searcher wants: to learn, to compare, or to buy. A page for "dentist in Janakpuri" needs location, timings, prices and booking; a page for "how long does a root canal take" needs a clear, complete explanation.',
      ],
    },
    {
      heading: '2. Title, description and URL',
      paragraphs: [
        'The title tag names the topic and the benefit in about 60 characters. The meta description, 120 to 160 characters, gives a reason to click. The URL is short, lowercase and readable, like /seo-optimized-page.',
      ],
    },
    {
      heading: '3. Headings that follow the reader',
      paragraphs: [
        'One H1 states what the page is. H2s follow the questions a reader asks in order, so someone skimming can find their answer and someone reading gets a logical story.',
      ],
    },
    {
      heading: '4. Content with real substance',
      paragraphs: [
        'Specific facts, prices, steps, examples and the experience of the person writing. Length follows from what the question needs; padding to hit a word count makes a page worse.',
      ],
    },
    {
      heading: '5. Links, images and structured data',
      paragraphs: ['The supporting details search engines and visitors both use:'],
      bullets: [
        'Internal links with descriptive anchor text to and from related pages',
        'Compressed images in modern formats, with width, height and alt text',
        'Structured data such as FAQPage, LocalBusiness or Product where it fits',
        'A self-referencing canonical tag and an entry in the XML sitemap',
      ],
    },
    {
      heading: '6. Fast and usable on a phone',
      paragraphs: [
        'Content visible quickly on mobile data, readable text without zooming, tap targets that are easy to hit, and no layout shifts as the page loads.',
      ],
    },
  ],
  faq: [
    {
      question: 'How long should an SEO-optimised page be?',
      answer:
        'As long as it takes to answer the question completely and no longer. A service page may need 500 words, a detailed guide 2,000. Compare the pages that already rank and cover what they miss.',
    },
    {
      question: 'How many keywords should one page target?',
      answer:
        'One main topic and its close variations. If two keywords need different answers, they need different pages.',
    },
    {
      question: 'Does a page need structured data to rank?',
      answer:
        'No, but it helps search engines understand the page and can make it eligible for rich results. Add it where it truthfully describes the content.',
    },
  ],
  links: [
    { href: '/seo-services-delhi', label: 'SEO services in Delhi' },
    { href: '/seo-guides', label: 'SEO guides' },
    { href: '/sitemap', label: 'Our sitemap' },
  ],
};
