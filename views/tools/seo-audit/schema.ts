import { z } from 'zod';
import type { RecommendationCategory, RecommendationPriority } from './recommendations.ts';

export const MAX_URL_LENGTH = 2048;

export const auditRequestSchema = z.object({
  url: z
    .string({ error: 'Please enter a URL to audit.' })
    .trim()
    .min(1, 'Please enter a URL to audit.')
    .max(MAX_URL_LENGTH, `URLs are limited to ${MAX_URL_LENGTH} characters.`),
});

export type AuditRequest = z.infer<typeof auditRequestSchema>;

export type CheckStatus = 'pass' | 'warning' | 'fail';

export interface AuditCheck {
  id: string;
  category: RecommendationCategory;
  priority: RecommendationPriority;
  title: string;
  status: CheckStatus;
  detail: string;
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
}

export interface AuditReport {
  url: string;
  title: string;
  metaDescription: string;
  h1Tags: string[];
  h2Tags: string[];
  pageSpeedScore: number;
  /** `estimate` = this site's documented formula; `pagespeed-insights` = Google's Lighthouse score. */
  pageSpeedSource: 'estimate' | 'pagespeed-insights';
  checks: AuditCheck[];
  summary: { pass: number; warning: number; fail: number };
  facts: AuditFacts;
  auditedAt: string;
}
