/** Every content page by canonical path, with its head metadata and FAQ for a given business profile. */
import type { Business } from '#views/business.ts';
import type { FaqEntry, PageMeta } from '#views/pages/shared/content-types.ts';
import { about } from '#views/pages/about/content.ts';
import * as caseStudies from '#views/pages/case-studies/content.ts';
import { careerGuidance } from '#views/pages/career-guidance/content.ts';
import * as contact from '#views/pages/contact/content.ts';
import { digitalMarketing } from '#views/pages/digital-marketing/content.ts';
import { disclaimer } from '#views/pages/disclaimer/content.ts';
import { googleCoreUpdates } from '#views/pages/google-core-updates/content.ts';
import { privacyPolicy } from '#views/pages/privacy-policy/content.ts';
import { janakpuri } from '#views/pages/seo-company-janakpuri/content.ts';
import { seoGuides } from '#views/pages/seo-guides/content.ts';
import { seoOptimizedPage } from '#views/pages/seo-optimized-page/content.ts';
import * as packages from '#views/pages/seo-packages/content.ts';
import * as delhi from '#views/pages/seo-services-delhi/content.ts';
import { laxmiNagar } from '#views/pages/seo-services-laxmi-nagar/content.ts';
import { noida } from '#views/pages/seo-services-noida/content.ts';
import { rohini } from '#views/pages/seo-services-rohini/content.ts';
import * as sitemap from '#views/pages/sitemap-viewer/content.ts';
import { termsAndConditions } from '#views/pages/terms-and-conditions/content.ts';
import * as writeForUs from '#views/pages/write-for-us/content.ts';

export interface ContentPageEntry {
  path: string;
  meta: PageMeta;
  faq: FaqEntry[];
}

export const contentPages = (business: Business): ContentPageEntry[] => [
  { path: '/about', meta: about(business).meta, faq: about(business).faq ?? [] },
  { path: '/seo-services-delhi', meta: delhi.meta, faq: delhi.faq },
  { path: rohini.slug, meta: rohini.meta, faq: rohini.faq },
  { path: noida.slug, meta: noida.meta, faq: noida.faq },
  { path: laxmiNagar.slug, meta: laxmiNagar.meta, faq: laxmiNagar.faq },
  { path: janakpuri.slug, meta: janakpuri.meta, faq: janakpuri.faq },
  { path: '/seo-guides', meta: seoGuides.meta, faq: seoGuides.faq ?? [] },
  { path: '/digital-marketing', meta: digitalMarketing.meta, faq: digitalMarketing.faq ?? [] },
  { path: '/career-guidance', meta: careerGuidance.meta, faq: careerGuidance.faq ?? [] },
  { path: '/google-core-updates', meta: googleCoreUpdates.meta, faq: googleCoreUpdates.faq ?? [] },
  { path: '/seo-optimized-page', meta: seoOptimizedPage.meta, faq: seoOptimizedPage.faq ?? [] },
  { path: '/seo-packages', meta: packages.meta, faq: packages.faq },
  {
    path: '/case-studies',
    meta: { ...caseStudies.meta, description: caseStudies.meta.description(business) },
    faq: caseStudies.faq,
  },
  { path: '/privacy-policy', meta: privacyPolicy(business).meta, faq: privacyPolicy(business).faq ?? [] },
  { path: '/disclaimer', meta: disclaimer.meta, faq: disclaimer.faq ?? [] },
  { path: '/terms-and-conditions', meta: termsAndConditions.meta, faq: termsAndConditions.faq ?? [] },
  {
    path: '/contact-me',
    meta: { ...contact.meta, description: contact.meta.description(business) },
    faq: contact.faq(business),
  },
  { path: '/write-for-us', meta: writeForUs.meta, faq: writeForUs.faq },
  { path: '/sitemap', meta: sitemap.meta, faq: [] },
];
