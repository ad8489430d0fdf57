import type { ProsePage } from '#views/pages/shared/content-types.ts';

export const careerGuidance: ProsePage = {
  meta: {
    title: 'SEO Career Guidance | How to Start and Grow a Career in SEO',
    description:
      'How to start a career in SEO in India: the skills that matter, roles from executive to head of SEO, building a portfolio and what interviews test.',
    keywords: [
      'seo career',
      'how to become seo expert',
      'seo jobs delhi',
      'seo executive skills',
      'digital marketing career india',
    ],
  },
  heading: 'Career guidance: working in SEO',
  intro: [
    'SEO is one of the easiest marketing careers to start and one of the hardest to master. You can learn the basics for free and prove your skill with your own projects, without a specific degree. This guide is what we tell every intern who joins us.',
  ],
  sections: [
    {
      heading: 'Skills that matter',
      paragraphs: ['Employers in Delhi NCR look for a mix of writing, analysis and technical curiosity:'],
      bullets: [
        'Clear writing in English, and in Hindi for many local roles',
        'Comfort with Google Search Console, Google Analytics and spreadsheets',
        'Basic HTML, and an understanding of how pages are crawled, rendered and indexed',
        'Keyword research grounded in how real customers talk',
        'Explaining findings to clients who are not marketers',
      ],
    },
    {
      heading: 'Roles and how people progress',
      paragraphs: [
        'Most people start as an SEO executive or content writer, handling on-page updates, listings and reports. With two to four years of experience you can lead accounts as an SEO specialist or consultant. Senior roles split into technical SEO (site architecture, migrations, large sites), content strategy, and heads of SEO who manage teams and budgets.',
        'Agencies teach breadth quickly; in-house roles at product companies in Noida and Gurugram teach depth on one large site. Both paths are valuable.',
      ],
    },
    {
      heading: 'Build a portfolio before you apply',
      paragraphs: [
        "Start a small site on a topic you know, such as your city's food, a hobby or exam preparation. Publish twenty genuinely useful pages, set up Search Console and track what happens for three months. An interviewer will learn more from that screenshot than from any certificate.",
        "Offer a free audit to a local shop or a relative's business and write down what you found, what you changed and what happened. Real results, even small ones, stand out.",
      ],
    },
    {
      heading: 'What interviews test',
      paragraphs: ['Expect practical questions rather than definitions:'],
      bullets: [
        'Audit this page: what would you fix first and why?',
        'Traffic dropped 30% last week: how do you investigate?',
        'Write a title and meta description for this service page',
        'How would you earn links for a local clinic without paying for them?',
      ],
    },
    {
      heading: 'Keep learning',
      paragraphs: [
        'Read Google Search Central documentation and the Search Status Dashboard, follow how core updates affect sites you track, and test ideas on your own site. Our SEO guides and free tools are a good practice ground.',
      ],
    },
  ],
  links: [
    { href: '/seo-guides', label: 'SEO guides' },
    { href: '/google-core-updates', label: 'Google core updates' },
    { href: '/write-for-us', label: 'Write for us' },
  ],
};
