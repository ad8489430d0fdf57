import { expect, test } from 'vitest';
import { operatorBusiness } from '#test/helpers/business.ts';
import { localBusinessJsonLd, organizationJsonLd } from '#views/pages/shared/local-business.ts';
import { rohini } from '#views/pages/seo-services-rohini/content.ts';

test("describes the operator's office and the page's own areas with absolute URLs", () => {
  const data = localBusinessJsonLd('https://seo.example.in/', operatorBusiness, {
    path: rohini.slug,
    description: rohini.meta.description,
    areaServed: rohini.areaServed,
  });
  expect(data['@type']).toBe('ProfessionalService');
  expect(data.url).toBe('https://seo.example.in/seo-services-rohini');
  expect(data['@id']).toBe('https://seo.example.in/seo-services-rohini#business');
  expect(data).toMatchObject({
    name: 'Lotus Lane Digital',
    legalName: 'Lotus Lane Digital LLP',
    telephone: '+91 98765 43210',
    foundingDate: '2016',
    taxID: '06ABCDE1234F1Z5',
  });
  expect(data.address).toEqual({
    '@type': 'PostalAddress',
    streetAddress: 'Unit 4, Tower B, Vatika Business Park, Sohna Road',
    addressLocality: 'Gurugram',
    addressRegion: 'Haryana',
    postalCode: '122018',
    addressCountry: 'IN',
  });
  expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 28.4089, longitude: 77.0421 });
  expect(data.openingHours).toEqual(['Mo-Sa 10:00-19:00']);
  expect(data.areaServed.map((place) => place.name)).toContain('Pitampura');
  expect(JSON.parse(JSON.stringify(data))).toEqual(data);
});

test('optional profile fields leave no empty keys behind', () => {
  const {
    geo: _geo,
    foundedYear: _year,
    gstin: _gstin,
    openingHours: _hours,
    social: _social,
    ...minimal
  } = operatorBusiness;
  const data = organizationJsonLd('https://seo.example.in', minimal);
  expect(Object.keys(data).sort()).toEqual([
    '@context',
    '@id',
    '@type',
    'address',
    'email',
    'legalName',
    'name',
    'telephone',
    'url',
  ]);
  expect(data.url).toBe('https://seo.example.in/');
});
