import type { Config } from '#server/config/index.ts';
import { profileTimeZone } from '#views/model/local-time.ts';
import { PDF_COLOURS, type PdfLine } from './lines.ts';

/** Who a branded report is from: the business profile and the site's address. */
export interface ReportBrand {
  name: string;
  tagline?: string;
  email: string;
  phone: string;
  website: string;
  /** The profile's zone: every date a report prints is in it (decision 0060). */
  timeZone: string;
}

export function reportBrand(config: Pick<Config, 'siteProfile' | 'siteUrl'>): ReportBrand {
  const { business } = config.siteProfile;
  return {
    name: business.name,
    tagline: business.tagline,
    email: business.email,
    phone: business.phone,
    website: config.siteUrl,
    timeZone: profileTimeZone(business),
  };
}

/** How to reach the business, in one line: "tagline · email · phone · website". */
export const brandContacts = (brand: ReportBrand, withTagline = true) =>
  [withTagline ? brand.tagline : undefined, brand.email, brand.phone, brand.website].filter(Boolean).join(' · ');

/** The top of a branded report's first page: the business's name, then how to reach it. */
export function brandHeading(brand: ReportBrand): PdfLine[] {
  return [
    { text: brand.name, size: 18, colour: PDF_COLOURS.ink },
    { text: brandContacts(brand), size: 9, colour: PDF_COLOURS.muted },
  ];
}
