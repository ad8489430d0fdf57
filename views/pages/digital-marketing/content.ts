import type { ProsePage } from '#views/pages/shared/content-types.ts';

export const digitalMarketing: ProsePage = {
  meta: {
    title: 'Digital Marketing for Small Businesses | Channels, Budgets & SEO',
    description:
      'How search, Google Ads, social media, WhatsApp and email fit together for a small business in India, and how to split a modest budget sensibly.',
    keywords: [
      'digital marketing',
      'digital marketing for small business',
      'seo vs google ads',
      'digital marketing delhi',
      'marketing budget india',
    ],
  },
  heading: 'Digital marketing',
  intro: [
    'Digital marketing is a set of channels that each do one job well. The trick for a small business is to use the right one for the right job and to measure each by the enquiries it brings, not by likes or impressions.',
  ],
  sections: [
    {
      heading: 'Search engine optimisation',
      paragraphs: [
        'SEO brings people who are already looking for what you sell. It takes months to build but keeps working without paying per click. It is the backbone for most service businesses, clinics and institutes. Our SEO guides cover the basics, and our SEO services in Delhi cover the rest.',
      ],
    },
    {
      heading: 'Google Ads',
      paragraphs: [
        'Paid search buys the same visibility instantly, at a price per click that runs high in competitive categories such as legal, healthcare and education. Use it to test which offers convert and to cover searches while SEO grows, then shift budget as organic rankings arrive.',
      ],
    },
    {
      heading: 'Social media',
      paragraphs: [
        'Instagram, YouTube and LinkedIn build familiarity and trust with people who are not searching yet. Short videos of real work, customers and the team outperform polished graphics for most local businesses.',
      ],
    },
    {
      heading: 'WhatsApp and email',
      paragraphs: [
        'Most Indian customers prefer to continue a conversation on WhatsApp. A click-to-chat link on every page, a Business profile with a catalogue and quick replies turn visitors into conversations. Email still works best for B2B follow-up and newsletters.',
      ],
    },
    {
      heading: 'Splitting a modest budget',
      paragraphs: [
        'For a local service business with a modest monthly marketing budget, a sensible starting split is:',
      ],
      bullets: [
        'About half on SEO and content, which compounds over time',
        'About a third on Google Ads for high-intent searches while SEO builds',
        'The rest on social content and review collection',
        'Review the split every quarter against cost per enquiry from each channel',
      ],
    },
    {
      heading: 'Make the website the hub',
      paragraphs: [
        'Every channel should send people to a fast page that answers their question and makes contact easy. An SEO-optimised page does that for search and for every other channel too.',
      ],
    },
  ],
  links: [
    { href: '/seo-guides', label: 'SEO guides' },
    { href: '/seo-services-delhi', label: 'SEO services in Delhi' },
    { href: '/seo-optimized-page', label: 'What makes a page SEO-optimised' },
  ],
};
