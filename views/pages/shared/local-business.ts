import type { Business } from '#views/business.ts';

function postalAddress(business: Business) {
  const { address } = business;
  return {
    '@type': 'PostalAddress',
    streetAddress:
      address.locality && address.locality !== address.city ? `${address.street}, ${address.locality}` : address.street,
    addressLocality: address.city,
    addressRegion: address.region,
    postalCode: address.postalCode,
    addressCountry: address.country,
  };
}

/** The fields every description of the business shares; optional ones only when the profile has them. */
function businessFields(origin: string, business: Business) {
  return {
    name: business.name,
    legalName: business.legalName,
    telephone: business.phone,
    email: business.email,
    address: postalAddress(business),
    ...(business.logo ? { logo: `${origin}${business.logo}` } : {}),
    ...(business.foundedYear ? { foundingDate: String(business.foundedYear) } : {}),
    ...(business.gstin ? { taxID: business.gstin } : {}),
    ...(business.social?.length ? { sameAs: business.social.map((link) => link.url) } : {}),
  };
}

/** schema.org Organization for the home page: who runs the site, from the operator's profile. */
export function organizationJsonLd(siteUrl: string, business: Business) {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    url: `${origin}/`,
    ...businessFields(origin, business),
  };
}

/**
 * schema.org ProfessionalService (a LocalBusiness subtype) for a service page: the operator's one
 * office from the profile, and the areas that page serves. No ratings or reviews are claimed.
 */
export function localBusinessJsonLd(
  siteUrl: string,
  business: Business,
  page: { path: string; description: string; areaServed: string[] },
) {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${origin}${page.path}#business`,
    url: `${origin}${page.path}`,
    description: page.description,
    ...businessFields(origin, business),
    ...(business.geo
      ? { geo: { '@type': 'GeoCoordinates', latitude: business.geo.lat, longitude: business.geo.lng } }
      : {}),
    areaServed: page.areaServed.map((name) => ({ '@type': 'Place', name })),
    ...(business.openingHours?.length ? { openingHours: business.openingHours } : {}),
    priceRange: '₹₹',
  };
}
