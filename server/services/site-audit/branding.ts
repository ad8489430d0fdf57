import { brand } from '#views/brand.ts';

export interface ReportBrand {
  name: string;
  tagline: string;
  email: string;
  phone: string;
  website: string;
}

/** Who the client report is from. One place, so the business profile can replace the built-in brand. */
export function reportBrand(siteUrl: string): ReportBrand {
  return { name: brand.name, tagline: brand.tagline, email: brand.email, phone: brand.phone, website: siteUrl };
}
