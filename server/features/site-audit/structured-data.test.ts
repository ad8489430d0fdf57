import { expect, test } from 'vitest';
import { STRUCTURED_DATA_CHECKS } from '#server/features/site-audit/rules/structured-data.ts';
import { createStructuredDataRecorder } from '#server/features/site-audit/structured-data.ts';
import { emptyFacts } from '#server/lib/page-facts/facts.ts';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const schema = (value: Record<string, unknown>) => ld({ '@context': 'https://schema.org', ...value });

const event = {
  '@type': 'Event',
  name: 'Concert',
  startDate: '2025-07-21T19:00',
  location: { '@type': 'Place', name: 'Hall', address: '1 Main St' },
};

/** Each page plants one structured-data mistake (the path names it); the first three are valid. */
const PAGES: Record<string, { head?: string; body?: string }> = {
  '/': {
    head:
      schema({
        '@type': 'Organization',
        name: 'Example',
        url: 'https://example.com/',
        logo: 'https://example.com/logo.png',
      }) + schema({ '@type': 'WebSite', name: 'Example', url: 'https://example.com/' }),
  },
  '/valid-graph': {
    head: schema({
      '@graph': [
        {
          '@type': 'BlogPosting',
          headline: 'Post',
          image: 'https://example.com/a.jpg',
          datePublished: '2025-01-05',
          author: { '@type': 'Person', name: 'Jane' },
        },
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Blog', item: 'https://example.com/blog' },
            { '@type': 'ListItem', position: 2, name: 'Post' },
          ],
        },
      ],
    }),
  },
  '/valid-microdata': {
    body: '<div itemscope itemtype="https://schema.org/Product"><h2 itemprop="name">Anvil</h2><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="119.99">$119.99</span><meta itemprop="priceCurrency" content="USD"><meta itemprop="priceValidUntil" content="2026-11-20"></div></div>',
  },
  '/no-context': {
    head: ld({
      '@type': 'Organization',
      name: 'Example',
      url: 'https://example.com/',
      logo: 'https://example.com/logo.png',
    }),
  },
  '/unknown-type': { head: schema({ '@type': 'Organisation', name: 'Example' }) },
  '/unknown-property': { head: schema({ ...event, organiser: 'Example' }) },
  '/wrong-type': {
    head: schema({ '@type': 'Product', name: 'Anvil', price: '3', offers: { '@type': 'Offer', price: '3' } }),
  },
  '/bad-date': { head: schema({ ...event, startDate: '21/07/2025' }) },
  '/price': {
    head: schema({
      '@type': 'Product',
      name: 'Anvil',
      offers: { '@type': 'Offer', price: 'Rs. 499', priceCurrency: 'INR' },
    }),
  },
  '/currency': {
    head: schema({
      '@type': 'Product',
      name: 'Anvil',
      offers: { '@type': 'Offer', price: '499', priceCurrency: 'Rs' },
    }),
  },
  '/rating-range': {
    head: schema({
      '@type': 'Product',
      name: 'Anvil',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 9, bestRating: 5, ratingCount: 2 },
    }),
  },
  '/article': {
    head: schema({ '@type': 'NewsArticle', headline: 'News', image: 'https://example.com/a.jpg', author: 'Jane' }),
  },
  '/breadcrumb': {
    head: schema({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', name: 'Blog', item: 'https://example.com/blog' },
        { '@type': 'ListItem', position: 2, name: 'Post' },
      ],
    }),
  },
  '/faq': { head: schema({ '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Why?' }] }) },
  '/local-business': { head: schema({ '@type': 'Dentist', name: 'Smile' }) },
  '/organization': { head: schema({ '@type': 'Organization', name: 'Example', url: 'https://example.com/' }) },
  '/product': { head: schema({ '@type': 'Product', name: 'Anvil' }) },
  '/review': {
    head: schema({
      '@type': 'Review',
      itemReviewed: { '@type': 'Book', name: 'B' },
      reviewRating: { '@type': 'Rating', ratingValue: 4 },
    }),
  },
  '/rating': {
    head: schema({
      '@type': 'Product',
      name: 'Anvil',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4 },
    }),
  },
  '/software-app': {
    head: schema({ '@type': 'MobileApplication', name: 'App', offers: { '@type': 'Offer', price: 0 } }),
  },
  '/job-posting': {
    head: schema({
      '@type': 'JobPosting',
      title: 'Cook',
      description: 'Cooking.',
      hiringOrganization: { '@type': 'Organization', name: 'Cafe' },
      jobLocation: { '@type': 'Place', address: 'Delhi' },
    }),
  },
  '/event': { head: schema({ ...event, location: undefined }) },
  '/recipe': { head: schema({ '@type': 'Recipe', name: 'Soup' }) },
  '/video': { head: schema({ '@type': 'VideoObject', name: 'Clip', thumbnailUrl: 'https://example.com/t.jpg' }) },
  '/microdata-event': {
    body: '<div itemscope itemtype="https://schema.org/Event"><h2 itemprop="name">Concert</h2><time itemprop="startDate" datetime="2025-07-21">21 July</time></div>',
  },
  '/rdfa-recipe': { body: '<div vocab="https://schema.org/" typeof="Recipe"><h2 property="name">Soup</h2></div>' },
};

const site: FixtureSite = (path) => {
  const page = PAGES[path];
  if (!page) return undefined;
  return html(
    auditPage(path, { ...page, links: path === '/' ? Object.keys(PAGES).filter((other) => other !== '/') : [] }),
  );
};

test('structured data: every planted mistake is reported on its page alone, with what is wrong', async () => {
  const outcome = await auditFixture(site);
  const found = issuePaths(outcome, outcome.site.origin);
  const ours = new Set<string>([...STRUCTURED_DATA_CHECKS, 'structured-data-invalid']);
  expect(Object.fromEntries(Object.entries(found).filter(([type]) => ours.has(type)))).toEqual({
    'schema-context-missing': ['/no-context'],
    'schema-type-unknown': ['/unknown-type'],
    'schema-property-unknown': ['/unknown-property'],
    'schema-property-wrong-type': ['/wrong-type'],
    'schema-date-invalid': ['/bad-date'],
    'schema-price-invalid': ['/price'],
    'schema-currency-invalid': ['/currency'],
    'schema-rating-out-of-range': ['/rating-range'],
    'schema-article-recommended-missing': ['/article'],
    'schema-breadcrumb-required-missing': ['/breadcrumb'],
    'schema-faq-required-missing': ['/faq'],
    'schema-local-business-required-missing': ['/local-business'],
    'schema-organization-recommended-missing': ['/organization'],
    'schema-product-required-missing': ['/product'],
    'schema-review-required-missing': ['/review'],
    'schema-rating-required-missing': ['/rating'],
    'schema-software-app-required-missing': ['/software-app'],
    'schema-job-posting-required-missing': ['/job-posting'],
    'schema-event-required-missing': ['/event', '/microdata-event'],
    'schema-recipe-required-missing': ['/rdfa-recipe', '/recipe'],
    'schema-video-required-missing': ['/video'],
  });
  const detail = (type: string, path: string) =>
    outcome.issues.find((issue) => issue.type === type && issue.url === `${outcome.site.origin}${path}`)?.detail;
  expect(detail('schema-property-unknown', '/unknown-property')).toBe('"organiser" on Event');
  expect(detail('schema-property-wrong-type', '/wrong-type')).toBe(
    '"price" on Product (a property of DonateAction, Offer, PriceSpecification and 1 more)',
  );
  expect(detail('schema-date-invalid', '/bad-date')).toBe('startDate "21/07/2025" on Event');
  expect(detail('schema-review-required-missing', '/review')).toBe('Review: missing author');
  expect(detail('schema-event-required-missing', '/microdata-event')).toBe('Event: missing location');
  expect(detail('schema-video-required-missing', '/video')).toBe('VideoObject: missing uploadDate');
  expect(detail('schema-software-app-required-missing', '/software-app')).toBe(
    'MobileApplication: missing aggregateRating or review',
  );
  expect(detail('schema-job-posting-required-missing', '/job-posting')).toBe('JobPosting: missing datePosted');
});

test('the recorder shares repeated lines, keeps nothing for clean pages and shortens details past its budget', () => {
  const record = createStructuredDataRecorder(100);
  const page = (value: Record<string, unknown>) => ({
    ...emptyFacts(),
    structuredData: [{ '@context': 'https://schema.org', ...value }],
  });
  expect(record(emptyFacts())).toEqual([]);
  expect(record(page({ '@type': 'Recipe', name: 'Soup', image: 'x' }))).toEqual([]);
  const first = record(page({ '@type': 'Recipe', name: 'Soup' }));
  const again = record(page({ '@type': 'Recipe', name: 'Stew' }));
  expect(first).toEqual(['schema-recipe-required-missing\tRecipe: missing image']);
  expect(again[0]).toBe(first[0]);
  expect(
    record(page({ '@type': 'Event', name: 'E', location: 'L', startDate: 'tomorrow, and the day after' })),
  ).toEqual(['schema-date-invalid\tstartDate "tomorrow, and the day after" on Event']);
  // The budget (100 characters) is spent: a new detail line is shortened, the problem still counts.
  expect(record(page({ '@type': 'Event', name: 'E', location: 'L', startDate: 'next week' }))).toEqual([
    'schema-date-invalid\t(details not kept: the audit holds too many)',
  ]);
});
