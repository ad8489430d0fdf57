import type { Guide } from './guide-types.ts';
import { coreWebVitals } from './guides/core-web-vitals.ts';
import { googleBusinessProfile } from './guides/google-business-profile.ts';
import { keywordResearch } from './guides/keyword-research.ts';
import { linkBuilding } from './guides/link-building.ts';
import { siteMigration } from './guides/site-migration.ts';
import { technicalSeoChecklist } from './guides/technical-seo-checklist.ts';

/** Every guide, in the order the index lists them. */
export const guides: readonly Guide[] = [
  googleBusinessProfile,
  technicalSeoChecklist,
  keywordResearch,
  linkBuilding,
  coreWebVitals,
  siteMigration,
];

export function findGuide(slug: string): Guide | undefined {
  return guides.find((guide) => guide.slug === slug);
}

/** Words a reader reads: summary, headings, paragraphs and list items. */
export function wordCount(guide: Guide): number {
  const text = [
    guide.summary,
    ...guide.sections.flatMap((section) => [section.heading, ...section.paragraphs, ...(section.list?.items ?? [])]),
  ].join(' ');
  return text.split(/\s+/).filter(Boolean).length;
}
