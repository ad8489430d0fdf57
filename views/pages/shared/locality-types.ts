import type { Card, FaqEntry, Hero, PageMeta, ProcessStep, Section } from '#views/pages/shared/content-types.ts';

/** One locality service page: every field is written for that area, never templated from another. */
export interface LocalityContent {
  slug: string;
  locality: string;
  /** Used in LocalBusiness JSON-LD `areaServed`. */
  areaServed: string[];
  meta: PageMeta;
  hero: Hero;
  intro: Section;
  areas: { heading: string; text: string; places: string[] };
  businessMix: { heading: string; cards: Card[] };
  services: { heading: string; cards: Card[] };
  process: { heading: string; steps: ProcessStep[] };
  localSearch: Section;
  benefits: { heading: string; items: string[] };
  faq: FaqEntry[];
  cta: { heading: string; text: string };
}
