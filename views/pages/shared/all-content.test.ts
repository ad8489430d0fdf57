import { expect, test } from 'vitest';
import { operatorBusiness, sampleBusiness } from '#test/helpers/business.ts';
import { contentPages as contentPagesFor } from '#views/pages/shared/all-content.ts';
import { rohini } from '#views/pages/seo-services-rohini/content.ts';
import { noida } from '#views/pages/seo-services-noida/content.ts';
import { laxmiNagar } from '#views/pages/seo-services-laxmi-nagar/content.ts';
import { janakpuri } from '#views/pages/seo-company-janakpuri/content.ts';
import * as delhi from '#views/pages/seo-services-delhi/content.ts';

const contentPages = contentPagesFor(operatorBusiness);

function faqCount(path: string) {
  return contentPages.find((page) => page.path === path)?.faq.length;
}

test('FAQ counts match the spec', () => {
  expect(faqCount('/seo-services-delhi')).toBe(5);
  expect(faqCount('/seo-optimized-page')).toBe(3);
  expect(faqCount('/disclaimer')).toBe(4);
  expect(faqCount('/terms-and-conditions')).toBe(4);
  expect(faqCount('/write-for-us')).toBe(4);
});

test('every page has a distinct title and a 120-160 character description', () => {
  for (const business of [operatorBusiness, sampleBusiness]) expectGoodMeta(contentPagesFor(business));
});

function expectGoodMeta(contentPages: ReturnType<typeof contentPagesFor>) {
  const titles = new Set(contentPages.map((page) => page.meta.title));
  const descriptions = new Set(contentPages.map((page) => page.meta.description));
  expect(titles.size).toBe(contentPages.length);
  expect(descriptions.size).toBe(contentPages.length);
  for (const page of contentPages) {
    expect(page.meta.title.length, page.path).toBeLessThanOrEqual(70);
    expect(page.meta.description.length, page.path).toBeGreaterThanOrEqual(120);
    expect(page.meta.description.length, page.path).toBeLessThanOrEqual(160);
  }
}

test('no placeholder copy anywhere', () => {
  const text = JSON.stringify(contentPages);
  expect(text).not.toMatch(/lorem|ipsum|TODO|FIXME|coming soon|example\.com/i);
});

test('locality pages are written for their own area, not templated', () => {
  const pages = [rohini, noida, laxmiNagar, janakpuri];
  const intros = pages.map((page) => page.intro.paragraphs.join(' '));
  expect(new Set(intros).size).toBe(4);
  for (const page of pages) {
    const others = pages.filter((other) => other !== page).map((other) => other.locality);
    const ownText = JSON.stringify({ hero: page.hero, intro: page.intro, localSearch: page.localSearch });
    expect(ownText).toContain(page.locality);
    for (const other of others) expect([page.locality, ownText.includes(other)]).toEqual([page.locality, false]);
    expect(page.faq.length).toBeGreaterThanOrEqual(4);
    expect(page.areas.places.length).toBeGreaterThanOrEqual(5);
  }
});

test('the Delhi page has three slides with alt text and six services and steps', () => {
  expect(delhi.slides).toHaveLength(3);
  for (const slide of delhi.slides) expect(slide.alt.length).toBeGreaterThan(20);
  expect(delhi.services).toHaveLength(6);
  expect(delhi.processSteps).toHaveLength(6);
  expect(delhi.strategies.some((s) => s.effective)).toBe(true);
  expect(delhi.strategies.some((s) => !s.effective)).toBe(true);
});
