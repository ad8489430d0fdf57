/**
 * Every price the site shows, in one table: the monthly SEO packages and the one-time audit
 * (/seo-packages), the redirect checker's plans
 * (GET /api/bulk-url-redirection/plans) and the anchor text generator's plans. Data, not a view:
 * both the pages and the API read it (docs/decisions/0014).
 */

/** A row of a tool's plans table; `price` is the label shown ("₹0", "On request", ...). */
export interface Plan {
  id: string;
  name: string;
  price: string;
  features: string[];
}

export interface Package {
  id: string;
  name: string;
  /** Monthly fee in rupees, before GST. */
  monthlyInr: number;
  bestFor: string;
  features: string[];
  highlighted?: boolean;
}

export const SEO_PACKAGES: readonly Package[] = [
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

export const ONE_TIME_AUDIT = {
  /** What its "Ask about" button puts in the contact form's address (`?plan=audit`). */
  id: 'audit',
  name: 'Technical SEO audit (one-time)',
  priceInr: 7500,
  text: 'A full crawl, index and speed review with a prioritised fix list, walked through on a one-hour call. Credited against your first month if you start a plan within 30 days.',
};

/** "₹12,000" in the Indian digit grouping customers expect. */
export function formatInr(amount: number): string {
  return `₹${amount.toLocaleString('en-IN')}`;
}

/** What the redirect checker offers: the free tool itself and the agency's hands-on migration help. */
export const REDIRECT_CHECKER_PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free checker',
    price: '₹0',
    features: [
      'Up to 100 URLs per check',
      'Every hop with its HTTP status',
      'Loops and long chains flagged',
      'CSV export of the results',
    ],
  },
  {
    id: 'migration-review',
    name: 'Migration redirect review',
    price: '₹4,999 one-time',
    features: [
      'Old-to-new URL map checked by our team',
      'Chains collapsed to single 301s',
      'Report of lost pages and backlinks',
      'One follow-up check after launch',
      'Included in the E-commerce & B2B package',
    ],
  },
  {
    id: 'monitoring',
    name: 'Monthly redirect monitoring',
    price: '₹1,499 per month',
    features: [
      'Key URLs re-checked every week',
      'Alerts when a redirect breaks or loops',
      'Included in the E-commerce & B2B package',
    ],
  },
];

/**
 * The plans table on the page. The generator itself is free; the other two rows are the agency's
 * own link-building services, priced on request because they depend on the site and the market.
 */
export const ANCHOR_TEXT_PLANS: readonly Plan[] = [
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

/** The tools' services that cost money; /seo-packages lists them with their prices. */
export const PAID_TOOL_PLANS: readonly Plan[] = [...REDIRECT_CHECKER_PLANS, ...ANCHOR_TEXT_PLANS].filter(
  (plan) => plan.price !== '₹0',
);

/**
 * A tool's plans table shows no rupee amount of its own: prices are stated once, on
 * /seo-packages, and the table links to the plan's row there (issue 16).
 */
export function planPriceCell(plan: Plan): { text: string; href?: string } {
  if (plan.price === '₹0') return { text: 'Free' };
  if (plan.price.startsWith('₹')) return { text: 'See price', href: `/seo-packages#plan-${plan.id}` };
  return { text: plan.price };
}
