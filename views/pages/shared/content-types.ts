/** Shapes shared by the page copy modules, so every page reads the same way. */

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface PageMeta {
  title: string;
  description: string;
  keywords: string[];
}

export interface LinkItem {
  href: string;
  label: string;
}

/** A block of prose: heading, paragraphs and an optional list. */
export interface Section {
  id?: string;
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface Card {
  title: string;
  body: string;
}

export interface ProcessStep {
  title: string;
  summary: string;
  /** Extra detail shown on hover or keyboard focus. */
  tooltip: string;
}

export interface Strategy {
  name: string;
  effective: boolean;
  reason: string;
}

export interface ToolRow {
  name: string;
  desc: string;
  url: string;
}

export interface Hero {
  heading: string;
  lead: string;
  cta: LinkItem;
  secondary?: LinkItem;
}

/** Anything a plain prose page needs: category, legal and info pages. */
export interface ProsePage {
  meta: PageMeta;
  heading: string;
  /** Shown under the heading, e.g. a policy's last revision date. */
  updated?: string;
  intro: string[];
  sections: Section[];
  faq?: FaqEntry[];
  links?: LinkItem[];
}
