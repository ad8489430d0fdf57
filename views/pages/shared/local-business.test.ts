import { expect, test } from 'vitest';
import { localBusinessJsonLd } from '#views/pages/shared/local-business.ts';
import { rohini } from '#views/pages/seo-services-rohini/content.ts';

test('describes the office and the page\'s own areas with absolute URLs', () => {
  const data = localBusinessJsonLd('https://seo.example.in/', {
    path: rohini.slug,
    description: rohini.meta.description,
    areaServed: rohini.areaServed,
  });
  expect(data['@type']).toBe('ProfessionalService');
  expect(data.url).toBe('https://seo.example.in/seo-services-rohini');
  expect(data['@id']).toBe('https://seo.example.in/seo-services-rohini#business');
  expect(data.address).toMatchObject({ addressLocality: 'New Delhi', postalCode: '110085', addressCountry: 'IN' });
  expect(data.areaServed.map((place) => place.name)).toContain('Pitampura');
  expect(JSON.parse(JSON.stringify(data))).toEqual(data);
});
