import type { FaqEntry, LinkItem, PageMeta } from '#views/pages/shared/content-types.ts';

export interface CaseStudy {
  id: string;
  client: string;
  sector: string;
  duration: string;
  challenge: string;
  work: string[];
  results: string[];
}

export const meta: PageMeta = {
  title: 'SEO Case Studies | Results for Delhi NCR Businesses',
  description:
    'Anonymised SEO case studies from Delhi NCR: a Rohini institute, a Janakpuri clinic, a Noida software firm, a Laxmi Nagar CA firm and a retailer.',
  keywords: ['seo case studies', 'seo results delhi', 'local seo case study', 'seo success stories india'],
};

export const heading = 'SEO case studies';

export const intro =
  'Five recent engagements, described without client names because most of our clients prefer not to be named. Figures compare the same months year on year and come from the clients\' Google Search Console and analytics accounts.';

export const caseStudies: CaseStudy[] = [
  {
    id: 'rohini-coaching',
    client: 'A Rohini coaching institute',
    sector: 'Education, three branches',
    duration: '8 months',
    challenge: 'Three branches shared one generic page and one Google Business Profile, so each branch competed poorly in its own sector.',
    work: ['A separate profile and page for each branch', 'A CUET preparation guide written with the faculty', 'A front-desk review routine'],
    results: ['+212% organic visits', '46 keywords in the top 3', '+138% admission enquiries'],
  },
  {
    id: 'janakpuri-dental',
    client: 'A Janakpuri dental clinic',
    sector: 'Healthcare, one clinic, two dentists',
    duration: '6 months',
    challenge: 'One page for every treatment, no dentist profiles, and a profile in the wrong primary category.',
    work: ['Treatment pages with cost ranges', 'Dentist profile pages with qualifications', 'Consent-based before-and-after cases'],
    results: ['+164% organic visits', '31 keywords in the top 3', '2.4x appointment calls'],
  },
  {
    id: 'noida-saas',
    client: 'A Noida B2B software company',
    sector: 'SaaS, selling in India and abroad',
    duration: '12 months',
    challenge: 'Product pages rendered by JavaScript were only partly indexed, and the blog targeted topics buyers never searched.',
    work: ['Server-rendered product and use-case pages', 'Twenty use-case pages written with the product team', 'Internal linking from the blog to product pages'],
    results: ['+298% organic visits', '88 keywords in the top 10', '+71 demo requests a month'],
  },
  {
    id: 'laxmi-nagar-ca',
    client: 'A Laxmi Nagar CA firm',
    sector: 'Professional services',
    duration: '5 months',
    challenge: 'A single services page listed everything, so the firm ranked for nothing specific.',
    work: ['Separate pages for GST registration, ITR filing and incorporation', 'Fee ranges published', 'Profile category corrected'],
    results: ['+121% organic visits', '19 keywords in the top 3', '+54% consultation bookings'],
  },
  {
    id: 'karol-bagh-store',
    client: 'A Karol Bagh ethnic-wear store',
    sector: 'E-commerce with a showroom',
    duration: '10 months',
    challenge: 'Thousands of near-duplicate filter URLs were crawled instead of the category pages that sell.',
    work: ['Faceted navigation cleaned up with canonicals and noindex rules', 'Category copy for occasions and fabrics', 'Product schema and image optimisation'],
    results: ['+187% organic visits', '140 keywords in the top 10', '+92% online orders'],
  },
];

export const faq: FaqEntry[] = [
  {
    question: 'Why are the clients not named?',
    answer: 'Most owner-run businesses prefer that competitors do not know who does their marketing. We describe each client accurately and can arrange a reference call with their permission during a proposal.',
  },
  {
    question: 'Are these results typical?',
    answer: 'They are good results from engaged clients who implemented our recommendations. Results depend on competition, your website\'s starting point and how quickly changes go live.',
  },
  {
    question: 'How are the figures measured?',
    answer: 'Organic visits and keywords come from Google Search Console, conversions from the client\'s analytics, call tracking or CRM, comparing the same period year on year.',
  },
];

export const links: LinkItem[] = [
  { href: '/seo-packages', label: 'SEO packages and pricing' },
  { href: '/seo-services-delhi', label: 'SEO services in Delhi' },
  { href: '/contact-me', label: 'Discuss your project' },
];
