import { brand } from '#views/brand.ts';
import { office } from '#views/pages/shared/business.ts';

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
    name: brand.name,
    legalName: brand.legalName,
    telephone: brand.phone,
    email: brand.email,
    url: `${origin}${page.path}`,
    description: page.description,
    address: {
      '@type': 'PostalAddress',
      streetAddress: brand.address.street,
      addressLocality: brand.address.locality,
      addressRegion: brand.address.region,
      postalCode: brand.address.postalCode,
      addressCountry: brand.address.country,
    },
    areaServed: page.areaServed.map((name) => ({ '@type': 'Place', name })),
    openingHours: office.openingHours,
    priceRange: '₹₹',
    foundingDate: String(office.founded),
  };
}
