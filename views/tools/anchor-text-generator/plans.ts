import type { Plan } from './rules.ts';

/**
 * The plans table on the page. The generator itself is free; the other two rows are the agency's
 * own link-building services, priced on request because they depend on the site and the market.
 */
export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free generator',
    price: '₹0',
    features: [
      'Up to 100 keywords per run',
      'Exact, partial, phrase, LSI, branded, naked URL and generic anchors',
      'Copy all or export as CSV',
      'No sign-up needed',
    ],
  },
  {
    id: 'anchor-audit',
    name: 'Anchor profile review',
    price: 'On request',
    features: [
      'We review the anchors of your existing backlinks',
      'Spot over-optimised exact-match ratios',
      'A target anchor mix for your next campaigns',
      'Delivered as a written report',
    ],
  },
  {
    id: 'managed-link-building',
    name: 'Managed link building',
    price: 'On request',
    features: [
      'Outreach to relevant Indian and global sites',
      'Anchors planned per page and per month',
      'Monthly report of every live link',
      'Run by our Delhi NCR team',
    ],
  },
];
