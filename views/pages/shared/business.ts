import { brand } from '#views/brand.ts';

/** Office details the content pages add on top of the brand record (views/brand.ts). */
export const office = {
  /** What the on-request map searches for: the street address from the brand record. */
  mapQuery: `${brand.address.street}, ${brand.address.locality} ${brand.address.postalCode}`,
  openingHours: 'Mo-Fr 09:00-18:00',
  founded: 2019,
} as const;
