import type { Business } from '#views/business.ts';
import type { FaqEntry, LinkItem } from '#views/pages/shared/content-types.ts';

export const hero = {
  eyebrow: 'SEO services in Delhi NCR',
  heading: 'More enquiries from Google, with SEO you can measure',
  lead: (business: Business) =>
    `${business.name} fixes what holds your site back, builds the local pages and links that bring customers in your area, and reports results from your own Search Console.`,
  primary: { href: '/contact-me', label: 'Get a free proposal' },
  secondary: { href: '/seo-packages', label: 'See packages' },
};

export const services: Array<{ title: string; text: string }> = [
  {
    title: 'Technical SEO',
    text: 'Crawling, indexing, speed and structured data fixed at the source, and checked with the same tools you can use here.',
  },
  {
    title: 'Local SEO',
    text: 'Google Business Profile, locality pages and citations for customers searching in your part of Delhi NCR.',
  },
  {
    title: 'Content',
    text: 'Service pages and guides planned around what your customers actually search for, each with a goal.',
  },
  {
    title: 'Link building',
    text: 'Mentions from relevant Indian sites and partners, with a natural mix of anchors. No paid link schemes.',
  },
];

export const localities: LinkItem[] = [
  { href: '/seo-services-delhi', label: 'Delhi' },
  { href: '/seo-services-rohini', label: 'Rohini' },
  { href: '/seo-services-noida', label: 'Noida' },
  { href: '/seo-services-laxmi-nagar', label: 'Laxmi Nagar' },
  { href: '/seo-company-janakpuri', label: 'Janakpuri' },
];

export const pricingTeaser = {
  heading: 'Packages with fixed monthly prices',
  text: 'Pick the plan that fits the size of your business; every plan starts with an audit and comes with a named consultant and a monthly report.',
  link: { href: '/seo-packages', label: 'See packages and prices' },
};

export const faq = (business: Business): FaqEntry[] => [
  {
    question: 'Are the SEO tools really free?',
    answer:
      'Yes. Every tool on this site is free to use without an account. We build them for our own client work and share them.',
  },
  {
    question: 'Do you offer SEO services in Delhi NCR?',
    answer: `Yes. ${business.name} works with businesses across Delhi, Rohini, Noida, Laxmi Nagar and Janakpuri on technical SEO, local SEO and content.`,
  },
  {
    question: 'Do I need to sign up to use the tools?',
    answer: 'No account is needed. Open a tool, paste your URL or text, and get the result straight away.',
  },
];
