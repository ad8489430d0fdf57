import { business } from '#views/pages/shared/business.ts';

/**
 * schema.org ProfessionalService (a LocalBusiness subtype) for a service page: the one real office,
 * and the areas that page serves. No ratings or reviews are claimed.
 */
export function localBusinessJsonLd(siteUrl: string, page: { path: string; description: string; areaServed: string[] }) {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${origin}${page.path}#business`,
    name: business.name,
    url: `${origin}${page.path}`,
    description: page.description,
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.office.streetAddress,
      addressLocality: business.office.locality,
      addressRegion: business.office.region,
      postalCode: business.office.postalCode,
      addressCountry: business.office.country,
    },
    areaServed: page.areaServed.map((name) => ({ '@type': 'Place', name })),
    openingHours: business.openingHours,
    priceRange: '₹₹',
    foundingDate: String(business.founded),
  };
}
