import type { ProsePage } from '#views/pages/shared/content-types.ts';

export const seoGuides: ProsePage = {
  meta: {
    title: 'SEO Guides | Practical SEO Advice for Small Businesses in India',
    description:
    'Practical SEO guides for Indian small businesses: keyword research, on-page basics, technical checks, Google Business Profile and link building.',
    keywords: ['seo guides', 'seo tutorial india', 'seo for small business', 'local seo guide', 'technical seo checklist'],
  },
  heading: 'SEO guides',
  intro: [
    'Short, practical guides to the SEO work that makes the biggest difference for small and mid-sized businesses. Each one ends with something you can do today, most of it with the free tools on this site.',
  ],
  sections: [
    {
      id: 'keyword-research',
      heading: 'Keyword research that starts with customers',
      paragraphs: [
        'Write down the ten questions customers ask before they buy. Those questions, in their words, are your best keywords. Then check Search Console\'s Performance report for the searches you already appear for on page two: they are the quickest wins.',
        'Group keywords by intent. "What is GST" wants a guide; "GST registration consultant near me" wants a service page with a phone number. One page per intent beats one page per keyword.',
      ],
      bullets: ['Start from customer questions, not tools', 'Use Search Console for page-two opportunities', 'Map one intent to one page'],
    },
    {
      id: 'on-page',
      heading: 'On-page SEO basics',
      paragraphs: [
        'Every page needs a unique title under about 60 characters, a meta description of 120 to 160 characters that sells the click, one H1 that says what the page is, and headings that follow the questions a reader has.',
        'Link from strong pages to the pages you want to rank, using descriptive anchor text. Add alt text that describes images for people who cannot see them.',
      ],
      bullets: ['Unique title and description per page', 'One clear H1', 'Descriptive internal links', 'Meaningful alt text'],
    },
    {
      id: 'technical',
      heading: 'A ten-minute technical check',
      paragraphs: [
        'Search for site:yourdomain.com and compare the count with the pages you expect. Check that important pages return status 200, are not blocked by robots.txt, have no noindex tag and point their canonical at themselves. Our Google Index Checker does all four at once.',
        'Submit an XML sitemap in Search Console and keep it to canonical, indexable URLs only. Test your slowest template on a phone: if it takes more than a few seconds to show content, speed is costing you customers.',
      ],
    },
    {
      id: 'local',
      heading: 'Google Business Profile for local businesses',
      paragraphs: [
        'Choose the most specific primary category, add every service with a short description, upload real photos of the premises and team, and keep hours accurate, including holidays such as Diwali.',
        'Ask every happy customer for a review, make it easy with a QR code or a short link, and reply to every review, good or bad, within a few days.',
      ],
    },
    {
      id: 'links',
      heading: 'Earning links without buying them',
      paragraphs: [
        'The safest links come from relationships you already have: suppliers, industry associations, local chambers of commerce, events you sponsor and publications you can help with data or expert comment.',
        'Avoid link packages, private blog networks and exchanges. Google\'s spam systems discount them at best and penalise them at worst.',
      ],
    },
    {
      id: 'measure',
      heading: 'Measuring what matters',
      paragraphs: [
        'Track conversions first: calls, forms, WhatsApp clicks and sales from organic search. Then clicks and impressions in Search Console. Rankings are a diagnostic, not a goal.',
      ],
    },
  ],
  links: [
    { href: '/seo-audit', label: 'Run a free SEO audit' },
    { href: '/seo-optimized-page', label: 'What an SEO-optimised page looks like' },
    { href: '/google-core-updates', label: 'Google core updates explained' },
    { href: '/digital-marketing', label: 'Digital marketing basics' },
  ],
};
