import request from 'supertest';
import { expect, test } from 'vitest';
import { pages } from '#server/pages/routes.ts';
import {
  ANCHOR_TEXT_PLANS,
  PAID_TOOL_PLANS,
  planPriceCell,
  REDIRECT_CHECKER_PLANS,
  SEO_PACKAGES,
} from '#views/model/plans.ts';
import { createTestApp } from '#test/helpers/app.ts';

function mainText(html: string): string {
  return (/<main[^>]*>(.*)<\/main>/s.exec(html)?.[1] ?? '')
    .replace(/<script[^>]*>.*?<\/script>/gs, '')
    .replace(/<[^>]+>/g, ' ');
}

// Issue 16: prices appear once, on /seo-packages; every other page links there.
test('no page but /seo-packages states a rupee amount', async () => {
  const { app } = await createTestApp();
  const client = request(app);
  for (const page of pages) {
    if (page.path === '/seo-packages') continue;
    const res = await client.get(page.path);
    expect(mainText(res.text).match(/₹\s?[1-9][\d,]*/g) ?? [], page.path).toEqual([]);
  }
});

test('/seo-packages states every price: the packages, the audit and each paid tool service, each with an anchor', async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/seo-packages');
  for (const plan of SEO_PACKAGES) expect(res.text).toContain(`id="plan-${plan.id}"`);
  for (const plan of PAID_TOOL_PLANS) {
    expect(res.text).toContain(
      `<li id="plan-${plan.id}"><strong>${plan.name.replace(/&/g, '&amp;')}</strong>: ${plan.price}.`,
    );
  }
  expect(PAID_TOOL_PLANS.map((plan) => plan.id)).toEqual([
    'migration-review',
    'monitoring',
    'anchor-audit',
    'managed-link-building',
  ]);
});

test('tool plans tables say Free, On request, or link to the price on /seo-packages', () => {
  expect(REDIRECT_CHECKER_PLANS.map(planPriceCell)).toEqual([
    { text: 'Free' },
    { text: 'See price', href: '/seo-packages#plan-migration-review' },
    { text: 'See price', href: '/seo-packages#plan-monitoring' },
  ]);
  expect(ANCHOR_TEXT_PLANS.map(planPriceCell).map((cell) => cell.text)).toEqual(['Free', 'On request', 'On request']);
});

test('the redirect checker plans agree with the packages: what they say is included really is', () => {
  const ecommerce = SEO_PACKAGES.find((plan) => plan.id === 'ecommerce');
  expect(ecommerce?.features).toContain('Site migration planning and monitoring');
  for (const plan of REDIRECT_CHECKER_PLANS) {
    for (const feature of plan.features.filter((text) => /package/i.test(text))) {
      const named = SEO_PACKAGES.find((pkg) => feature.includes(pkg.name));
      expect(named, `${plan.id}: ${feature}`).toBeDefined();
    }
  }
});
