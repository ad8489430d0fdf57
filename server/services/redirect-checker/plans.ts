import type { Plan } from '#views/tools/redirect-checker/schema.ts';

/** What the redirect checker offers: the free tool itself and the agency's hands-on migration help. */
export const REDIRECT_PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free checker',
    price: '₹0',
    features: ['Up to 100 URLs per check', 'Every hop with its HTTP status', 'Loops and long chains flagged', 'CSV export of the results'],
  },
  {
    id: 'migration-review',
    name: 'Migration redirect review',
    price: '₹4,999 one-time',
    features: ['Old-to-new URL map checked by our team', 'Chains collapsed to single 301s', 'Report of lost pages and backlinks', 'One follow-up check after launch'],
  },
  {
    id: 'monitoring',
    name: 'Monthly redirect monitoring',
    price: '₹1,499 per month',
    features: ['Key URLs re-checked every week', 'Alerts when a redirect breaks or loops', 'Part of our technical SEO retainer'],
  },
];
