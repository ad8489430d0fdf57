import { formatInr, SEO_PACKAGES } from '#views/model/plans.ts';
import type { FaqEntry, LinkItem, PageMeta } from '#views/pages/shared/content-types.ts';

export const meta: PageMeta = {
  title: 'SEO Packages & Pricing in India (INR) | Monthly SEO Plans',
  description: `SEO packages in rupees: ${SEO_PACKAGES.map((plan, index) => `${plan.name} ${formatInr(plan.monthlyInr)}${index === 0 ? ' a month' : ''}`).join(', ')}, plus a one-time audit. See what each includes.`,
  keywords: [
    'seo packages india',
    'seo pricing delhi',
    'monthly seo cost',
    'local seo package',
    'affordable seo services',
  ],
};

export const heading = 'SEO packages and pricing';

export const intro =
  'Fixed monthly prices in Indian rupees, so you know the cost before we talk. Every plan includes a free audit first, a named consultant, and a monthly report on enquiries and rankings. Prices exclude 18% GST.';

export const terms: string[] = [
  "Minimum term of three months, then month to month with 30 days' notice.",
  'Prices are per month and exclude 18% GST; invoices are raised at the start of each month.',
  'Content, accounts and reports belong to you from day one.',
  'No ranking guarantees: we commit to the work and to transparent reporting.',
];

export const faq: FaqEntry[] = [
  {
    question: 'Why is there a three-month minimum?',
    answer:
      'The first month is mostly audit and fixes, and search engines take weeks to re-crawl and re-rank. Three months is the shortest period in which you can fairly judge the work.',
  },
  {
    question: 'Can I switch plans?',
    answer: 'Yes, up or down, from the next billing month.',
  },
  {
    question: 'Is paid advertising included?',
    answer:
      'No. Ad spend and campaign management are separate. We are happy to work alongside your ads team and share keyword data.',
  },
  {
    question: 'Do you offer custom plans?',
    answer:
      'Yes, for businesses with more than three locations or unusual needs. Send us a message with your website and goals and we will send you a quote.',
  },
];

export const links: LinkItem[] = [
  { href: '/seo-audit', label: 'Run a free SEO audit' },
  { href: '/case-studies', label: 'See client results' },
  { href: '/contact-me', label: 'Ask for a custom quote' },
];
