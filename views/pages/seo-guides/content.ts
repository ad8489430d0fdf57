import type { ProsePage } from '#views/pages/shared/content-types.ts';

/** Head metadata and words of the /seo-guides index; the guides themselves live in ./guides/. */
export const seoGuides: ProsePage = {
  meta: {
    title: 'SEO Guides | Practical SEO Advice for Small Businesses in India',
    description:
      'Practical SEO guides for Indian businesses: Google Business Profile, technical SEO, keyword research in Hindi and Hinglish, link building, speed and migrations.',
    keywords: [
      'seo guides',
      'seo tutorial india',
      'seo for small business',
      'local seo guide',
      'technical seo checklist',
    ],
  },
  heading: 'SEO guides',
  intro: [
    'Practical guides to the SEO work that makes the biggest difference for small and mid-sized businesses in India. Each one explains what to do and why, in the order that matters, and points to the free tools on this site that help with the job. Every guide shows when it was published and when it was last reviewed.',
  ],
  sections: [],
  links: [
    { href: '/google-core-updates', label: 'Google core updates: dated log and what to do' },
    { href: '/seo-audit', label: 'Run a free SEO audit' },
    { href: '/seo-optimized-page', label: 'What an SEO-optimised page looks like' },
    { href: '/digital-marketing', label: 'Digital marketing basics' },
  ],
};
