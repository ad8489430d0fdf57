import type { Business } from '#views/business.ts';
import type { FaqEntry, LinkItem, Section } from '#views/pages/shared/content-types.ts';

// Case studies and testimonials come only from the operator's profile (SITE_PROFILE). This page's own
// copy explains how an engagement runs and what gets measured; it states no client and no figure.

export const meta = {
  title: 'SEO Case Studies | How We Work and What We Measure',
  description: (business: Business) =>
    business.caseStudies?.length
      ? `SEO results ${business.name} can show, with how each engagement ran and how the figures were measured: organic visits, keywords and enquiries.`
      : `How an SEO engagement with ${business.name} runs, from the first audit to monthly reports, and which figures we measure and share with you.`,
  keywords: ['seo case studies', 'seo results delhi', 'how seo is measured', 'seo reporting'],
};

export const heading = 'SEO case studies';

export function intro(business: Business): string {
  return business.caseStudies?.length
    ? 'Engagements described as our clients allowed, each with the work done and the results measured. Below them: how an engagement runs and what we measure on every one.'
    : 'We publish a case study only when a client agrees and the figures can be shown. Until then, this page explains how an engagement runs and exactly what we measure, so you know what a report from us will contain.';
}

export const engagement: Section[] = [
  {
    id: 'how-it-works',
    heading: 'How an engagement works',
    paragraphs: [
      'Every engagement starts with an audit of the website and its Google Business Profile, and a look at who ranks for the searches your customers make. From that we agree a short list of priorities and the figures we will report on.',
      'The first weeks go to technical fixes: redirects, canonicals, titles, internal links and page speed. Then come the pages that are missing (services, localities, guides) and the local signals: profile categories, photos, reviews and consistent business details across directories.',
      'Each month we review what moved and why, and agree the next three priorities. You keep every page, profile and account we create.',
    ],
  },
  {
    id: 'what-we-measure',
    heading: 'What we measure',
    paragraphs: [
      'The same figures on every account, compared with the same months a year earlier so seasons do not flatter the result:',
    ],
    bullets: [
      'Organic clicks and impressions, from your own Google Search Console',
      'Searches you rank for in the top 3 and top 10, for the keywords agreed at the start',
      'Enquiries: calls, form messages, WhatsApp chats and direction requests, from your analytics, call tracking or Google Business Profile',
      'What those enquiries became, where your CRM or sales records can tell us',
    ],
  },
];

export const faq: FaqEntry[] = [
  {
    question: 'How are the figures measured?',
    answer:
      'Organic visits and keywords come from Google Search Console, enquiries from your analytics, call tracking or CRM, comparing the same period year on year. You have access to every source we use.',
  },
  {
    question: 'Can you guarantee results?',
    answer:
      'No. Nobody controls Google. We commit to the work, to transparent monthly reporting and to targets for enquiries that we review with you.',
  },
  {
    question: 'How soon will I see a change?',
    answer:
      'Technical fixes and profile changes often show within weeks; competitive service keywords usually take four to eight months.',
  },
];

export const links: LinkItem[] = [
  { href: '/seo-packages', label: 'SEO packages and pricing' },
  { href: '/seo-services-delhi', label: 'SEO services in Delhi' },
  { href: '/contact-me', label: 'Discuss your project' },
];
