import type { FaqEntry } from '#views/pages/shared/content-types.ts';

/** A block of a guide: heading, paragraphs, and an optional list (ordered for steps). */
export interface GuideSection {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: { ordered?: boolean; items: string[] };
}

/** A free tool on this site that helps with the guide's job: canonical path from the route table. */
export interface GuideTool {
  href: string;
  label: string;
  why: string;
}

/** One guide at /seo-guides/<slug>. Dates are `YYYY-MM-DD`: when it was published and last reviewed. */
export interface Guide {
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  heading: string;
  /** One or two sentences for the index card and the lead paragraph. */
  summary: string;
  published: string;
  reviewed: string;
  sections: GuideSection[];
  tools: GuideTool[];
  /** Slugs of other guides worth reading next. */
  related: string[];
  faq?: FaqEntry[];
}
