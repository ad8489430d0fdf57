import type { Business } from '#views/business.ts';

export interface ReportBrand {
  name: string;
  tagline?: string;
  email: string;
  phone: string;
  website: string;
}

/** Who the client report is from: the operator's business profile (SITE_PROFILE). */
export function reportBrand(business: Business, siteUrl: string): ReportBrand {
  return { name: business.name, tagline: business.tagline, email: business.email, phone: business.phone, website: siteUrl };
}
