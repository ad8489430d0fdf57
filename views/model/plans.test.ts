import { expect, test } from 'vitest';
import { meta } from '#views/pages/seo-packages/content.ts';
import { formatInr, SEO_PACKAGES } from './plans.ts';

test('copy that names a price takes it from the plans table', () => {
  expect(meta.description).toBe(
    `SEO packages in rupees: Local Starter ${formatInr(SEO_PACKAGES[0].monthlyInr)} a month, Growth ${formatInr(SEO_PACKAGES[1].monthlyInr)}, E-commerce & B2B ${formatInr(SEO_PACKAGES[2].monthlyInr)}, plus a one-time audit. See what each includes.`,
  );
});

test('rupees use the Indian digit grouping', () => {
  expect(formatInr(12000)).toBe('₹12,000');
  expect(formatInr(1250000)).toBe('₹12,50,000');
});
