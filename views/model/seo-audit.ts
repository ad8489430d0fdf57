/**
 * The SEO audit's shared model: the 22 recommendations (shown before any audit and evaluated by
 * the audit service) and the report the API answers. Imported by the service and the widget.
 */
import type { Grade } from './seo-audit-grade.ts';
import type { VitalGrade } from './site-audit-checks/page-experience.ts';

export type RecommendationCategory = 'Links' | 'On-Page SEO' | 'Social' | 'Performance' | 'Usability' | 'Other';
export type RecommendationPriority = 'High' | 'Medium' | 'Low';

export interface Recommendation {
  id: string;
  category: RecommendationCategory;
  priority: RecommendationPriority;
  title: string;
  /** What to do; shown before any audit and next to a failing check. */
  advice: string;
}

export const RECOMMENDATION_CATEGORIES: RecommendationCategory[] = [
  'Links',
  'On-Page SEO',
  'Social',
  'Performance',
  'Usability',
  'Other',
];

/** The fixed list of 22 recommendations (spec 2.4 / 9); the audit evaluates each against the page. */
export const RECOMMENDATIONS: Recommendation[] = [
  {
    id: 'internal-links',
    category: 'Links',
    priority: 'Medium',
    title: 'Link to other pages on your site',
    advice: 'Add contextual links to related pages so visitors and crawlers can reach them.',
  },
  {
    id: 'anchor-text',
    category: 'Links',
    priority: 'Low',
    title: 'Use descriptive anchor text',
    advice: 'Replace link text such as "click here" or empty image links with words that describe the target page.',
  },
  {
    id: 'title',
    category: 'On-Page SEO',
    priority: 'High',
    title: 'Add a title tag',
    advice: 'Every page needs one unique <title> naming its topic.',
  },
  {
    id: 'title-length',
    category: 'On-Page SEO',
    priority: 'Medium',
    title: 'Keep the title between 30 and 60 characters',
    advice: 'Short titles waste space in results; long ones are cut off.',
  },
  {
    id: 'meta-description',
    category: 'On-Page SEO',
    priority: 'High',
    title: 'Add a meta description',
    advice: 'Write a <meta name="description"> summarising the page; search engines often show it as the snippet.',
  },
  {
    id: 'meta-description-length',
    category: 'On-Page SEO',
    priority: 'Medium',
    title: 'Keep the meta description between 120 and 160 characters',
    advice: 'Meta description: 120 to 160 characters, so the snippet is complete but not truncated.',
  },
  {
    id: 'h1',
    category: 'On-Page SEO',
    priority: 'High',
    title: 'Use exactly one H1 heading',
    advice: 'Give the page one <h1> that states its main topic.',
  },
  {
    id: 'h2',
    category: 'On-Page SEO',
    priority: 'Low',
    title: 'Structure content with H2 subheadings',
    advice: 'Break longer content into sections with <h2> headings.',
  },
  {
    id: 'canonical',
    category: 'On-Page SEO',
    priority: 'Medium',
    title: 'Declare a canonical URL',
    advice: 'Add <link rel="canonical"> pointing to the preferred address of the page.',
  },
  {
    id: 'indexable',
    category: 'On-Page SEO',
    priority: 'High',
    title: 'Allow search engines to index the page',
    advice:
      'Remove noindex from the robots meta tag and the X-Robots-Tag header unless the page should stay out of search.',
  },
  {
    id: 'word-count',
    category: 'On-Page SEO',
    priority: 'Medium',
    title: 'Provide enough content (300+ words)',
    advice: "Thin pages rarely rank; answer the visitor's question in full.",
  },
  {
    id: 'open-graph',
    category: 'Social',
    priority: 'Medium',
    title: 'Add Open Graph tags',
    advice: 'Set og:title, og:description and og:image so shared links show a rich preview.',
  },
  {
    id: 'twitter-card',
    category: 'Social',
    priority: 'Low',
    title: 'Add a Twitter card',
    advice: 'Set twitter:card (for example summary_large_image) for previews on X/Twitter.',
  },
  {
    id: 'response-time',
    category: 'Performance',
    priority: 'High',
    title: 'Respond quickly (server response under 600 ms)',
    advice: 'Cache pages, use a CDN and speed up the backend so the first byte arrives fast.',
  },
  {
    id: 'page-weight',
    category: 'Performance',
    priority: 'Medium',
    title: 'Keep the HTML light (under 100 KB)',
    advice: 'Move inline data and scripts out of the HTML and remove unused markup.',
  },
  {
    id: 'compression',
    category: 'Performance',
    priority: 'Medium',
    title: 'Enable compression (gzip or Brotli)',
    advice: 'Turn on gzip or Brotli on the server for HTML, CSS and JavaScript.',
  },
  {
    id: 'render-blocking',
    category: 'Performance',
    priority: 'Medium',
    title: 'Avoid render-blocking scripts',
    advice: 'Load scripts in <head> with defer or async, or move them to the end of <body>.',
  },
  {
    id: 'viewport',
    category: 'Usability',
    priority: 'High',
    title: 'Set a mobile viewport',
    advice: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
  },
  {
    id: 'image-alt',
    category: 'Usability',
    priority: 'Medium',
    title: 'Describe images with alt text',
    advice: 'Give every meaningful image an alt attribute; use alt="" only for decoration.',
  },
  {
    id: 'https',
    category: 'Other',
    priority: 'High',
    title: 'Serve the page over HTTPS with HSTS',
    advice: 'Redirect HTTP to HTTPS and send a Strict-Transport-Security header.',
  },
  {
    id: 'structured-data',
    category: 'Other',
    priority: 'Low',
    title: 'Add structured data (JSON-LD)',
    advice: 'Describe the page with schema.org JSON-LD (Organization, Article, FAQPage, ...).',
  },
  {
    id: 'status-code',
    category: 'Other',
    priority: 'High',
    title: 'Return HTTP 200 for the page',
    advice: 'Fix errors and avoid redirect chains so the address answers 200 directly.',
  },
];

export type CheckStatus = 'pass' | 'warning' | 'fail';

export interface AuditCheck {
  id: string;
  category: RecommendationCategory;
  priority: RecommendationPriority;
  title: string;
  status: CheckStatus;
  detail: string;
}

/** One image the audit weighed: its address and size in bytes. */
export interface ImageWeight {
  url: string;
  bytes: number;
}

export interface AuditFacts {
  finalUrl: string;
  statusCode: number;
  redirects: number;
  /** Time to first byte of the final response, ms. */
  responseTimeMs: number;
  totalTimeMs: number;
  htmlBytes: number;
  transferBytes: number;
  compression: 'br' | 'gzip' | 'deflate' | null;
  canonical: string | null;
  robotsMeta: string[];
  xRobotsTag: string | null;
  lang: string | null;
  viewport: string | null;
  openGraph: Record<string, string>;
  twitter: Record<string, string>;
  images: { total: number; missingAlt: number; missingDimensions: number };
  links: { internal: number; external: number; nofollow: number };
  wordCount: number;
  jsonLdTypes: string[];
  https: boolean;
  hsts: string | null;
  renderBlocking: { scripts: number; stylesheets: number };
  /** Subresources the HTML references (scripts, stylesheets, images, iframes). */
  subresources: number;
  /**
   * The page's images weighed (HEAD, else a one-byte ranged GET): how many distinct addresses were
   * asked about (at most 20; `capped` when the page had more), how many sizes came back, their total,
   * and the heaviest (at most 5, heaviest first).
   */
  imageWeight: { checked: number; capped: boolean; measured: number; totalBytes: number; heaviest: ImageWeight[] };
}

/**
 * What a real browser measured on the page (docs/decisions/0061): the mobile-friendly test's render on its
 * default phone (server/lib/browser/page-render), lab Core Web Vitals graded with the site audit's mobile
 * thresholds, and axe-core's WCAG 2.0/2.1 A and AA failures per rule with the first failing element. A page
 * that could not be rendered says why, and has no values.
 */
export type AuditPageExperience =
  | {
      status: 'measured';
      /** The screen it was rendered on, e.g. "360×640". */
      screen: string;
      /** LCP is null when nothing contentful was painted. */
      vitals: { lcpMs: number | null; cls: number; tbtMs: number };
      grades: { lcpMs: VitalGrade | null; cls: VitalGrade; tbtMs: VitalGrade };
      accessibility: Array<{ rule: string; impact: string | null; count: number; element: string }>;
      /** Why the page had not settled when it was measured (the site audit's reason); absent when it had. */
      unsettled?: string;
    }
  | { status: 'not-measured'; reason: string };

export interface AuditReport {
  url: string;
  title: string;
  metaDescription: string;
  h1Tags: string[];
  h2Tags: string[];
  /** 0–100 from the 22 checks, weighted by priority (seo-audit-grade.ts; documented on the page). */
  score: number;
  grade: Grade;
  pageSpeedScore: number;
  /** `estimate` = this site's documented formula; `pagespeed-insights` = Google's Lighthouse score. */
  pageSpeedSource: 'estimate' | 'pagespeed-insights';
  checks: AuditCheck[];
  summary: { pass: number; warning: number; fail: number };
  facts: AuditFacts;
  /** Absent in reports made before it existed. */
  pageExperience?: AuditPageExperience;
  auditedAt: string;
}
