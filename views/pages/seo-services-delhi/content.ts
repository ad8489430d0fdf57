import { addressText, type Business } from '#views/business.ts';
import type {
  Card,
  FaqEntry,
  Hero,
  PageMeta,
  ProcessStep,
  Strategy,
  ToolRow,
} from '#views/pages/shared/content-types.ts';

export interface Slide {
  id: number;
  /** Base name of the generated image set under /images/slides/. */
  image: string;
  alt: string;
  heading: string;
  text: string;
}

export const meta: PageMeta = {
  title: 'SEO Services in Delhi | Local & Technical SEO Agency, Delhi NCR',
  description:
    'SEO services in Delhi for clinics, institutes, retailers and B2B firms: technical fixes, map pack rankings and content that converts. Free audit first.',
  keywords: [
    'seo services delhi',
    'seo agency delhi',
    'seo company in delhi',
    'local seo delhi',
    'technical seo delhi ncr',
    'google business profile optimisation',
  ],
};

export const slides: Slide[] = [
  {
    id: 1,
    image: 'slide-audit',
    alt: 'Illustration of an SEO audit report with a rising search traffic chart',
    heading: 'Start with an honest audit',
    text: 'We crawl your site the way Google does and show you the ten fixes that matter most.',
  },
  {
    id: 2,
    image: 'slide-local',
    alt: 'Map of Delhi NCR with location pins for Rohini, Janakpuri, Laxmi Nagar and Noida',
    heading: 'Win the map pack in your area',
    text: 'Google Business Profile, local pages and reviews for customers within a few kilometres.',
  },
  {
    id: 3,
    image: 'slide-growth',
    alt: 'Bar chart of monthly enquiries growing over six months next to a search results page',
    heading: 'Measure enquiries, not vanity',
    text: 'Calls, form fills and walk-ins tracked every month against the keywords that earned them.',
  },
];

export const hero: Hero = {
  heading: 'SEO Services in Delhi that bring enquiries, not just rankings',
  lead: 'We are a small Delhi team of technical SEOs and writers. We fix what stops Google from trusting your site, build pages for the searches your customers actually type, and report every month in calls and leads. Start with a free audit of your website; no call or contract needed.',
  cta: { href: '/seo-audit', label: 'Run a free SEO audit' },
  secondary: { href: '#contact', label: 'Talk to an SEO consultant' },
};

export const services: Card[] = [
  {
    title: 'Technical SEO',
    body: 'Crawl errors, slow templates, broken canonicals, duplicate pages and JavaScript that hides content from Google. We fix them with your developer or do it ourselves.',
  },
  {
    title: 'Local SEO and Google Business Profile',
    body: 'Categories, services, photos, Q&A and a review routine that keeps you in the top three of the map pack for "near me" searches in your part of Delhi.',
  },
  {
    title: 'On-page optimisation',
    body: 'Titles, headings, internal links and structured data rewritten around search intent, so each page answers one question better than the pages above it.',
  },
  {
    title: 'Content strategy and writing',
    body: 'Service pages, locality pages and guides written by people who interview your team first. Every article has a search target and a conversion goal.',
  },
  {
    title: 'Link building and digital PR',
    body: 'Mentions from Indian publications, industry directories and partners you already work with. No private blog networks, no paid link packages.',
  },
  {
    title: 'E-commerce SEO',
    body: 'Category architecture, faceted navigation, product schema and feed hygiene for Shopify, WooCommerce and custom stores selling across India.',
  },
];

export const benefitsTable = {
  columns: ['Benefit', 'What it means for your business', 'How we deliver it'] as const,
  rows: [
    [
      'Qualified enquiries',
      'People searching for your service, in your area, reach you first',
      'Keyword mapping by intent and locality; conversion-focused service pages',
    ],
    [
      'Lower cost per lead',
      'Organic visits keep arriving without paying per click',
      'Pages that rank for years, refreshed quarterly instead of rebuilt',
    ],
    [
      'Trust before the first call',
      'Reviews, case pages and clear answers do the selling',
      'Review routine, FAQ content and E-E-A-T signals on every page',
    ],
    [
      'A faster website',
      'Visitors on 4G phones stay instead of bouncing',
      'Core Web Vitals fixes: images, fonts, scripts and server caching',
    ],
    [
      'Clear reporting',
      'You know which pages and searches produce revenue',
      'Monthly report from Search Console, analytics and call tracking',
    ],
  ] as const,
};

export const toolsTable: ToolRow[] = [
  {
    name: 'Free SEO Audit',
    desc: 'Checks titles, descriptions, headings and speed of any page and scores 22 recommendations.',
    url: '/seo-audit',
  },
  {
    name: 'Google Index Checker',
    desc: 'Tells you whether a URL can be indexed: status code, robots.txt, noindex and canonical.',
    url: '/google-index-checker',
  },
  {
    name: 'Sitemap Generator',
    desc: 'Crawls your site and builds an XML sitemap you can submit to Search Console.',
    url: '/sitemap-tool',
  },
  {
    name: 'Bulk URL Redirection Checker',
    desc: 'Follows redirects for a list of URLs and shows where each one ends up.',
    url: '/bulk-url-redirection-tool',
  },
  {
    name: 'Mobile-Friendly Tester',
    desc: 'Fetches a page and reports viewport, tap-target and font-size problems.',
    url: '/mobile-friendly-tester-tool',
  },
  {
    name: 'Canonical Tag Generator',
    desc: 'Writes the correct rel="canonical" tag for a URL to stop duplicate-content dilution.',
    url: '/canonical-tag-generator',
  },
];

export const strategies: Strategy[] = [
  {
    name: 'Google Business Profile optimisation',
    effective: true,
    reason: 'Most local searches in Delhi show the map pack above the organic results.',
  },
  {
    name: 'Locality landing pages with real local detail',
    effective: true,
    reason: 'A page about your Rohini branch, its landmarks and services ranks for searches made nearby.',
  },
  {
    name: 'Fixing Core Web Vitals',
    effective: true,
    reason: 'Faster pages convert more of the traffic you already have and are easier to crawl.',
  },
  {
    name: 'Structured data (FAQ, LocalBusiness, Product)',
    effective: true,
    reason: 'Helps Google understand the page and qualify it for rich results.',
  },
  {
    name: 'Buying bulk backlinks',
    effective: false,
    reason: 'Link schemes are ignored or penalised by Google spam updates and can take months to clean up.',
  },
  {
    name: 'Keyword stuffing and city-name pages',
    effective: false,
    reason: 'Hundreds of near-identical "SEO in <area>" pages are treated as doorway pages.',
  },
  {
    name: 'AI articles published without editing',
    effective: false,
    reason: 'Unreviewed content rarely shows first-hand experience and tends to lose ground in core updates.',
  },
];

export const benefitCards: Card[] = [
  {
    title: 'One senior consultant per account',
    body: 'The person on your kick-off call is the person who works on your site and answers your emails.',
  },
  { title: 'Month-to-month after three months', body: 'We earn the renewal with results; no twelve-month lock-in.' },
  {
    title: 'You own everything',
    body: 'Content, accounts, reports and data sit in your Google accounts from day one.',
  },
  {
    title: 'Hindi and English content',
    body: 'We write for how your customers search, including Hinglish queries such as "best dentist near me Janakpuri".',
  },
];

export const processSteps: ProcessStep[] = [
  {
    title: 'Audit',
    summary: 'Crawl, index coverage and speed check.',
    tooltip: 'Week 1: we crawl every URL, read Search Console, and list issues by revenue impact, not by count.',
  },
  {
    title: 'Research',
    summary: 'Keywords, competitors and intent.',
    tooltip: 'We map the searches your buyers make to pages you have, and to pages you are missing, area by area.',
  },
  {
    title: 'Fix',
    summary: 'Technical and on-page repairs.',
    tooltip:
      'Weeks 2-4: redirects, canonicals, titles, internal links and speed fixes, shipped in small reviewed batches.',
  },
  {
    title: 'Create',
    summary: 'Service, locality and guide pages.',
    tooltip: 'Two to eight pages a month, written after a call with your team so they carry first-hand expertise.',
  },
  {
    title: 'Promote',
    summary: 'Local citations, PR and reviews.',
    tooltip: 'Consistent name, address and phone on trusted directories, plus outreach to Indian publications.',
  },
  {
    title: 'Report',
    summary: 'Monthly leads and rankings review.',
    tooltip: 'A 30-minute call each month: what moved, why, and the next three priorities. No padded PDFs.',
  },
];

export const about = {
  heading: 'About our Delhi SEO team',
  paragraphs: (business: Business): string[] => [
    `${business.name} does technical SEO, local SEO and content for businesses across Delhi NCR${business.foundedYear ? `, and has done since ${business.foundedYear}` : ''}, from ${business.address.locality}, ${business.address.city}. Each account has a consultant who does the work and takes the calls.`,
    'Most of the businesses we work with are owner-run: clinics, coaching institutes, CA and legal practices, manufacturers and online stores. We also build the free tools on this site and use them on client work.',
  ],
};

/** Shown instead of client results while the profile lists no case studies: what every report contains. */
export const measuredResults = {
  heading: 'How we report results',
  text: 'Every month: organic clicks and impressions from your own Search Console, the agreed keywords in the top 3 and top 10, and the enquiries (calls, forms, WhatsApp chats) those searches brought, compared with the same months a year earlier.',
};

export const faq: FaqEntry[] = [
  {
    question: 'How long does SEO take to show results in Delhi?',
    answer:
      'Technical fixes and Google Business Profile changes usually show in two to six weeks. Competitive service keywords in Delhi take four to eight months. We share a month-by-month forecast after the audit so you know what to expect and when.',
  },
  {
    question: 'How much do your SEO services cost?',
    answer:
      'The monthly fee depends on the number of locations, pages and how competitive your searches are. Every plan and its price is on our SEO packages page, and the first audit is free.',
  },
  {
    question: 'Do you guarantee first-page rankings?',
    answer:
      'No. Nobody controls Google, and anyone who guarantees a position is guessing or using tactics that get sites penalised. We commit to the work, to transparent reporting and to targets for enquiries that we review every month.',
  },
  {
    question: 'Will I need to change my website?',
    answer:
      'Usually not. We work on WordPress, Shopify, Wix, Next.js and custom sites. If a template is slowing you down or hiding content from Google, we explain the fix and either make it or hand clear instructions to your developer.',
  },
  {
    question: 'Can you help a business with several branches across Delhi NCR?',
    answer:
      'Yes. Each branch gets its own Google Business Profile, a locality page with real local detail, and separate reporting, so you can see how Rohini, Janakpuri or Noida is performing on its own.',
  },
];

export const office = {
  heading: 'Visit our office',
  text: (business: Business) =>
    `We work from ${addressText(business.address)}.${business.hours ? ` Meetings are by appointment, ${business.hours}.` : ' Meetings are by appointment.'} Most clients never need to visit: we meet on video calls and share screens.`,
  mapButton: 'Show map',
  mapNote: 'The map is provided by Google Maps and loads only when you ask for it.',
};

export const contactCta = {
  heading: 'Ready to see what is holding your site back?',
  text: 'Run the free audit now, or send us a message and a consultant will reply.',
  primary: { href: '/seo-audit', label: 'Run a free SEO audit' },
  secondary: { href: '/contact-me', label: 'Contact us' },
};
