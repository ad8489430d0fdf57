import type { FaqEntry, LinkItem, PageMeta } from '#views/pages/shared/content-types.ts';

export interface Package {
  id: string;
  name: string;
  /** Monthly fee in rupees, before GST. */
  monthlyInr: number;
  bestFor: string;
  features: string[];
  highlighted?: boolean;
}

export const meta: PageMeta = {
  title: 'SEO Packages & Pricing in India (INR) | Monthly SEO Plans',
  description:
    'SEO packages in rupees: Local Starter ₹12,000 a month, Growth ₹25,000, E-commerce & B2B ₹45,000, plus a one-time audit. See what each includes.',
  keywords: ['seo packages india', 'seo pricing delhi', 'monthly seo cost', 'local seo package', 'affordable seo services'],
};

export const heading = 'SEO packages and pricing';

export const intro =
  'Fixed monthly prices in Indian rupees, so you know the cost before we talk. Every plan includes a free audit first, a named consultant, and a monthly report on enquiries and rankings. Prices exclude 18% GST.';

export const packages: Package[] = [
  {
    id: 'local-starter',
    name: 'Local Starter',
    monthlyInr: 12000,
    bestFor: 'A single-location clinic, institute, shop or practice',
    features: [
      'Google Business Profile optimisation and weekly posts',
      'Technical fixes on up to 25 pages',
      'Two new or rewritten pages a month',
      'Review-collection routine and reply drafts',
      'Citations on 15 trusted Indian directories',
      'Monthly report and 30-minute call',
    ],
  },
  {
    id: 'growth',
    name: 'Growth',
    monthlyInr: 25000,
    bestFor: 'Businesses with up to three branches or a competitive service',
    highlighted: true,
    features: [
      'Everything in Local Starter, for up to three locations',
      'Technical SEO on up to 150 pages, including speed work',
      'Four new pages or guides a month, written after interviews with your team',
      'Digital PR and outreach for earned links',
      'Conversion tracking for calls, forms and WhatsApp clicks',
      'Fortnightly check-ins',
    ],
  },
  {
    id: 'ecommerce',
    name: 'E-commerce & B2B',
    monthlyInr: 45000,
    bestFor: 'Online stores and B2B or SaaS companies selling across India or abroad',
    features: [
      'Category and product architecture, faceted navigation and schema',
      'Technical SEO for large or JavaScript-heavy sites',
      'Six to eight pages a month: categories, comparisons and guides',
      'International targeting (hreflang) where needed',
      'Site migration planning and monitoring',
      'Reporting on revenue or pipeline from organic search',
    ],
  },
];

export const oneTimeAudit = {
  name: 'Technical SEO audit (one-time)',
  priceInr: 7500,
  text: 'A full crawl, index and speed review with a prioritised fix list, walked through on a one-hour call. Credited against your first month if you start a plan within 30 days.',
};

export const terms: string[] = [
  'Minimum term of three months, then month to month with 30 days\' notice.',
  'Prices are per month and exclude 18% GST; invoices are raised at the start of each month.',
  'Content, accounts and reports belong to you from day one.',
  'No ranking guarantees: we commit to the work and to transparent reporting.',
];

export const faq: FaqEntry[] = [
  {
    question: 'Why is there a three-month minimum?',
    answer: 'The first month is mostly audit and fixes, and search engines take weeks to re-crawl and re-rank. Three months is the shortest period in which you can fairly judge the work.',
  },
  {
    question: 'Can I switch plans?',
    answer: 'Yes, up or down, from the next billing month.',
  },
  {
    question: 'Is paid advertising included?',
    answer: 'No. Ad spend and campaign management are separate. We are happy to work alongside your ads team and share keyword data.',
  },
  {
    question: 'Do you offer custom plans?',
    answer: 'Yes, for businesses with more than three locations or unusual needs. Send us a message with your website and goals and we will quote within two working days.',
  },
];

export const links: LinkItem[] = [
  { href: '/seo-audit', label: 'Run a free SEO audit' },
  { href: '/case-studies', label: 'See client results' },
  { href: '/contact-me', label: 'Ask for a custom quote' },
];

/** "₹12,000" in the Indian digit grouping customers expect. */
export function formatInr(amount: number): string {
  return `₹${amount.toLocaleString('en-IN')}`;
}
