import { describe, expect, it } from 'vitest';
import { extractPageFacts, MAX_JSON_LD_BLOCKS } from '#server/lib/page-facts/extract.ts';
import { MAX_EMBEDDED_ITEMS, MAX_EMBEDDED_VALUES, MAX_OPEN_TEXT_VALUES, MAX_VALUE_CHARS } from './embedded-items.ts';
import { schemaOrgVocabulary } from './vocabulary.ts';
import {
  MAX_STRUCTURED_DATA_LINES,
  MAX_STRUCTURED_DATA_NODES,
  MAX_STRUCTURED_DATA_PROBLEMS,
  summarizeStructuredData,
  validateStructuredData,
  type StructuredDataProblem,
} from './validate.ts';

const ctx = 'https://schema.org';

/** Valid examples after Google Search Central's docs (one per rich-result type). */
const valid: Record<string, unknown> = {
  article: {
    '@context': ctx,
    '@type': 'NewsArticle',
    headline: 'Title of a News Article',
    image: ['https://example.com/photos/1x1/photo.jpg', 'https://example.com/photos/16x9/photo.jpg'],
    datePublished: '2024-01-05T08:00:00+08:00',
    dateModified: '2024-02-05T09:20:00+08:00',
    author: [{ '@type': 'Person', name: 'Jane Doe', url: 'https://example.com/profile/janedoe123' }],
  },
  breadcrumb: {
    '@context': ctx,
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Books', item: 'https://example.com/books' },
      { '@type': 'ListItem', position: 2, name: 'Science Fiction', item: 'https://example.com/books/sciencefiction' },
      { '@type': 'ListItem', position: 3, name: 'Award Winners' },
    ],
  },
  faq: {
    '@context': ctx,
    '@type': 'FAQPage',
    mainEntity: [
      {
        '@type': 'Question',
        name: 'How to find an apprenticeship?',
        acceptedAnswer: {
          '@type': 'Answer',
          text: '<p>We provide an official service to search through available apprenticeships.</p>',
        },
      },
    ],
  },
  localBusiness: {
    '@context': ctx,
    '@type': 'Restaurant',
    image: ['https://example.com/photos/1x1/photo.jpg'],
    name: "Dave's Steak House",
    address: {
      '@type': 'PostalAddress',
      streetAddress: '148 W 51st St',
      addressLocality: 'New York',
      addressRegion: 'NY',
      postalCode: '10019',
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: 40.761293, longitude: -73.982294 },
    url: 'https://www.example.com/restaurant-locations/manhattan',
    telephone: '+12122459600',
    servesCuisine: 'American',
    priceRange: '$$$',
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday'], opens: '11:30', closes: '22:00' },
    ],
    menu: 'https://www.example.com/menu',
    acceptsReservations: 'True',
  },
  organization: {
    '@context': ctx,
    '@type': 'Organization',
    url: 'https://www.example.com',
    name: 'Example Corporation',
    logo: 'https://www.example.com/images/logo.png',
    sameAs: ['https://example.net/profile/example1234'],
    contactPoint: { '@type': 'ContactPoint', telephone: '+9-999-999-9999', email: 'contact@example.com' },
    foundingDate: '1998',
  },
  product: {
    '@context': ctx,
    '@type': 'Product',
    name: 'Executive Anvil',
    description: "Sleeker than ACME's Classic Anvil.",
    review: {
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5 },
      author: { '@type': 'Person', name: 'Fred Benson' },
    },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.4, reviewCount: 89 },
    offers: {
      '@type': 'Offer',
      price: '119.99',
      priceCurrency: 'USD',
      priceValidUntil: '2026-11-20',
      availability: 'https://schema.org/InStock',
    },
  },
  review: {
    '@context': ctx,
    '@type': 'Review',
    itemReviewed: { '@type': 'Restaurant', name: 'Legal Seafood', address: '1 Main St' },
    reviewRating: { '@type': 'Rating', ratingValue: 4 },
    name: 'A good seafood place.',
    author: { '@type': 'Person', name: 'Bob Smith' },
    publisher: { '@type': 'Organization', name: 'Washington Times' },
  },
  event: {
    '@context': ctx,
    '@type': 'Event',
    name: 'The Adventures of Kira and Morrison',
    startDate: '2025-07-21T19:00-05:00',
    endDate: '2025-07-21T23:00-05:00',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: {
      '@type': 'Place',
      name: 'Snickerpark Stadium',
      address: { '@type': 'PostalAddress', streetAddress: '100 West Snickerpark Dr', addressCountry: 'US' },
    },
    offers: {
      '@type': 'Offer',
      url: 'https://www.example.com/event_offer/12345_202403180430',
      price: 30,
      validFrom: '2024-05-21T12:00',
    },
    performer: { '@type': 'PerformingGroup', name: 'Kira and Morrison' },
  },
  recipe: {
    '@context': ctx,
    '@type': 'Recipe',
    name: 'Non-Alcoholic Piña Colada',
    image: ['https://example.com/photos/1x1/photo.jpg'],
    author: { '@type': 'Person', name: 'Mary Stone' },
    datePublished: '2024-03-10',
    prepTime: 'PT1M',
    recipeYield: '4 servings',
    recipeIngredient: ['400ml of pineapple juice', '100ml cream of coconut'],
    recipeInstructions: [{ '@type': 'HowToStep', name: 'Blend', text: 'Blend 400ml of pineapple juice.' }],
    nutrition: { '@type': 'NutritionInformation', calories: '120 calories' },
  },
  video: {
    '@context': ctx,
    '@type': 'VideoObject',
    name: 'Introducing the self-driving bicycle in the Netherlands',
    description: 'This spring, Google is introducing the self-driving bicycle in Amsterdam.',
    thumbnailUrl: ['https://example.com/photos/1x1/photo.jpg'],
    uploadDate: '2024-03-31T08:00:00+08:00',
    duration: 'PT1M54S',
    contentUrl: 'https://www.example.com/video/123/file.mp4',
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: 5647018,
    },
  },
  softwareApp: {
    '@context': ctx,
    '@type': 'SoftwareApplication',
    name: 'Angry Birds',
    operatingSystem: 'ANDROID',
    applicationCategory: 'GameApplication',
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.6', ratingCount: '8864' },
    offers: { '@type': 'Offer', price: '1.00', priceCurrency: 'USD' },
  },
  jobPosting: {
    '@context': ctx,
    '@type': 'JobPosting',
    title: 'Software Engineer',
    description: '<p>Google aspires to be an organization that reflects the globally diverse audience.</p>',
    identifier: { '@type': 'PropertyValue', name: 'Google', value: '1234567' },
    datePosted: '2024-01-18',
    validThrough: '2024-03-18T00:00',
    employmentType: 'CONTRACTOR',
    hiringOrganization: {
      '@type': 'Organization',
      name: 'Google',
      sameAs: 'https://www.google.com',
      logo: 'https://www.example.com/images/logo.png',
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1600 Amphitheatre Pkwy',
        addressLocality: 'Mountain View',
        addressCountry: 'US',
      },
    },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', value: 40.0, unitText: 'HOUR' },
    },
  },
  remoteJob: {
    '@context': ctx,
    '@type': 'JobPosting',
    title: 'Remote engineer',
    description: 'Work from anywhere in the USA.',
    datePosted: '2024-01-18',
    hiringOrganization: { '@type': 'Organization', name: 'Example' },
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements: { '@type': 'Country', name: 'USA' },
  },
  productGroup: {
    '@context': ctx,
    '@type': 'ProductGroup',
    name: 'Wool winter coat',
    productGroupID: '44E01',
    variesBy: ['https://schema.org/size', 'https://schema.org/color'],
    hasVariant: [
      {
        '@type': 'Product',
        sku: '44E01-M11000',
        name: 'Small green coat',
        size: 'small',
        color: 'green',
        offers: { '@type': 'Offer', price: 39.99, priceCurrency: 'USD' },
      },
    ],
  },
  graph: {
    '@context': ctx,
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': 'https://example.com/#website',
        url: 'https://example.com/',
        name: 'Example',
        potentialAction: {
          '@type': 'SearchAction',
          target: 'https://example.com/?s={search_term_string}',
          'query-input': 'required name=search_term_string',
        },
      },
      {
        '@type': 'WebPage',
        '@id': 'https://example.com/post/#webpage',
        isPartOf: { '@id': 'https://example.com/#website' },
        mainEntity: { '@id': 'https://example.com/post/#article' },
      },
      {
        '@type': ['Article', 'BlogPosting'],
        '@id': 'https://example.com/post/#article',
        headline: 'Post',
        image: 'https://example.com/a.jpg',
        datePublished: '2024-01-05',
        author: { '@id': 'https://example.com/#jane' },
      },
    ],
  },
  foreignVocabulary: { '@context': { '@vocab': 'http://xmlns.com/foaf/0.1/' }, '@type': 'Person', nick: 'jd' },
  ownTerms: {
    '@context': ['https://schema.org', { ex: 'https://example.com/ns#', shoeSize: 'ex:shoeSize' }],
    '@type': 'Person',
    name: 'J',
    shoeSize: 44,
  },
};

const checks = (problems: StructuredDataProblem[]) => problems.map((problem) => problem.check);

describe('validateStructuredData', () => {
  it.each(Object.entries(valid))('finds nothing in the valid %s example', (_name, block) => {
    expect(validateStructuredData([block])).toEqual([]);
  });

  const base = valid as Record<string, Record<string, unknown>>;
  const planted: Array<[string, unknown, string, string]> = [
    ['no @context', { '@type': 'Product', name: 'x' }, 'schema-context-missing', 'Product'],
    ['unknown type', { ...base.organization, '@type': 'Organisation' }, 'schema-type-unknown', '"Organisation"'],
    [
      'unknown property',
      { ...base.recipe, cookingTemperature: '180' },
      'schema-property-unknown',
      '"cookingTemperature" on Recipe',
    ],
    [
      'property on the wrong type',
      { ...base.recipe, price: '3' },
      'schema-property-wrong-type',
      '"price" on Recipe (a property of DonateAction, Offer, PriceSpecification and 1 more)',
    ],
    [
      'date not ISO 8601',
      { ...base.event, startDate: '21/07/2025 19:00' },
      'schema-date-invalid',
      'startDate "21/07/2025 19:00" on Event',
    ],
    [
      'price with a currency sign',
      { ...base.product, offers: { '@type': 'Offer', price: '$1,299.00', priceCurrency: 'USD' } },
      'schema-price-invalid',
      'price "$1,299.00" on Offer',
    ],
    [
      'currency sign instead of a code',
      { ...base.product, offers: { '@type': 'Offer', price: '1299', priceCurrency: '₹' } },
      'schema-currency-invalid',
      'priceCurrency "₹" on Offer',
    ],
    [
      'rating above its scale',
      { ...base.product, aggregateRating: { '@type': 'AggregateRating', ratingValue: '8.5', reviewCount: 3 } },
      'schema-rating-out-of-range',
      'AggregateRating: ratingValue 8.5 outside 1 to 5',
    ],
    [
      'article without author',
      { ...base.article, author: undefined },
      'schema-article-recommended-missing',
      'NewsArticle: missing author',
    ],
    [
      'breadcrumb without a name',
      {
        ...base.breadcrumb,
        itemListElement: [
          { '@type': 'ListItem', position: 1, item: 'https://example.com/a' },
          { '@type': 'ListItem', position: 2, name: 'B' },
        ],
      },
      'schema-breadcrumb-required-missing',
      'BreadcrumbList: missing breadcrumb 1: name',
    ],
    [
      'FAQ answer without text',
      { ...base.faq, mainEntity: { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer' } } },
      'schema-faq-required-missing',
      'FAQPage: missing question 1: acceptedAnswer.text',
    ],
    [
      'local business without address',
      { ...base.localBusiness, address: undefined },
      'schema-local-business-required-missing',
      'Restaurant: missing address',
    ],
    [
      'organization without logo',
      { ...base.organization, logo: undefined },
      'schema-organization-recommended-missing',
      'Organization: missing logo',
    ],
    [
      'product without offers, review or rating',
      { ...base.product, offers: undefined, review: undefined, aggregateRating: undefined },
      'schema-product-required-missing',
      'Product: missing one of offers, review or aggregateRating',
    ],
    [
      'review without itemReviewed',
      { ...base.review, itemReviewed: undefined },
      'schema-review-required-missing',
      'Review: missing itemReviewed',
    ],
    [
      'aggregate rating without counts',
      { ...base.product, aggregateRating: { '@type': 'AggregateRating', ratingValue: 4 } },
      'schema-rating-required-missing',
      'AggregateRating: missing ratingCount or reviewCount',
    ],
    [
      'app without a price',
      { ...base.softwareApp, offers: { '@type': 'Offer', priceCurrency: 'USD' } },
      'schema-software-app-required-missing',
      'SoftwareApplication: missing offers.price',
    ],
    [
      'job without a location',
      { ...base.jobPosting, jobLocation: undefined },
      'schema-job-posting-required-missing',
      'JobPosting: missing jobLocation',
    ],
    [
      'remote job without applicant location',
      { ...base.remoteJob, applicantLocationRequirements: undefined },
      'schema-job-posting-required-missing',
      'JobPosting: missing applicantLocationRequirements',
    ],
    [
      'event without location',
      { ...base.event, location: undefined },
      'schema-event-required-missing',
      'Event: missing location',
    ],
    [
      'recipe without image',
      { ...base.recipe, image: undefined },
      'schema-recipe-required-missing',
      'Recipe: missing image',
    ],
    [
      'video without thumbnail',
      { ...base.video, thumbnailUrl: undefined },
      'schema-video-required-missing',
      'VideoObject: missing thumbnailUrl',
    ],
  ];
  it.each(planted)('reports exactly one problem for %s', (_name, block, check, detail) => {
    expect(validateStructuredData([JSON.parse(JSON.stringify(block))])).toEqual([{ check, detail }]);
  });

  it('suggests the right capitals for a type or property spelt in the wrong case', () => {
    expect(validateStructuredData([{ ...base.article, '@type': 'newsArticle', DatePublished: '2024-01-05' }])).toEqual([
      { check: 'schema-type-unknown', detail: '"newsArticle" (did you mean "NewsArticle"?)' },
      { check: 'schema-property-unknown', detail: '"DatePublished" on newsArticle (did you mean "datePublished"?)' },
    ]);
    // Types and properties are told apart: "audience" is a property, "Audience" a type.
    expect(validateStructuredData([{ '@context': ctx, '@type': 'audience', Audience: 'x' }])).toEqual([
      { check: 'schema-type-unknown', detail: '"audience" (did you mean "Audience"?)' },
      { check: 'schema-property-unknown', detail: '"Audience" on audience (did you mean "audience"?)' },
    ]);
  });

  it('leaves Article and Review subtypes with their own requirements alone', () => {
    const forum = {
      '@context': ctx,
      '@type': 'DiscussionForumPosting',
      headline: 'h',
      text: 't',
      author: { '@type': 'Person', name: 'a' },
      datePublished: '2024-03-01',
    };
    const factCheck = {
      '@context': ctx,
      '@type': 'ClaimReview',
      url: 'https://example.com/check',
      claimReviewed: 'The world is flat',
      reviewRating: { '@type': 'Rating', ratingValue: 1, alternateName: 'False' },
    };
    expect(validateStructuredData([forum, factCheck])).toEqual([]);
    expect(checks(validateStructuredData([{ ...forum, '@type': 'LiveBlogPosting' }]))).toEqual([
      'schema-article-recommended-missing',
    ]);
  });

  it('reads arrays, @graph members and nested items', () => {
    const nested = {
      '@context': ctx,
      '@type': 'WebPage',
      mainEntity: { ...base.event, '@context': undefined, location: undefined },
    };
    const problems = validateStructuredData(
      JSON.parse(
        JSON.stringify([
          [{ ...base.recipe, image: undefined }, base.video],
          { '@context': ctx, '@graph': [{ ...base.video, '@context': undefined, uploadDate: 'yesterday' }] },
          nested,
        ]),
      ) as unknown[],
    );
    expect(checks(problems)).toEqual([
      'schema-recipe-required-missing',
      'schema-date-invalid',
      'schema-event-required-missing',
    ]);
  });

  it('checks nested reviews without asking for itemReviewed, but not nested organizations', () => {
    const product = {
      ...base.product,
      review: { '@type': 'Review', author: 'Fred' },
      brand: { '@type': 'Organization', name: 'ACME' },
    };
    expect(validateStructuredData([product])).toEqual([
      { check: 'schema-review-required-missing', detail: 'Review: missing reviewRating' },
    ]);
  });

  it('accepts ISO 8601 dates and rejects others', () => {
    const dated = (value: string) => validateStructuredData([{ ...base.event, startDate: value }]).length;
    for (const good of [
      '2025',
      '2025-07',
      '2025-07-21',
      '2025-07-21T19:00',
      '2025-07-21T19:00:00Z',
      '2025-07-21T19:00:00.5+02:00',
      '2025-07-21T19:00-0500',
    ])
      expect(dated(good), good).toBe(0);
    for (const bad of ['July 21, 2025', '2025-13-01', '2025-07-21 19:00', '21-07-2025', '2025-07-32'])
      expect(dated(bad), bad).toBe(1);
  });

  it('bounds the work on a hostile page', () => {
    let deep: Record<string, unknown> = { '@type': 'Thing', nme: 'x' };
    for (let index = 0; index < 10_000; index += 1) deep = { '@type': 'Thing', subjectOf: deep };
    expect(validateStructuredData([{ '@context': ctx, ...deep }])).toEqual([]);
    let graphs: Record<string, unknown> = { '@type': 'Thnig' };
    for (let index = 0; index < 100_000; index += 1) graphs = { '@context': ctx, '@graph': [graphs] };
    expect(validateStructuredData([graphs])).toEqual([]);
    const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`made${index}`, 1]));
    expect(validateStructuredData([{ '@context': ctx, '@type': 'Thing', ...keys }])).toHaveLength(
      MAX_STRUCTURED_DATA_PROBLEMS,
    );
    // Items past the node budget are not read: the misspelt ones after the first 2,000 go unreported.
    const wide = {
      '@context': ctx,
      '@graph': Array.from({ length: 50_000 }, (_, index) => ({
        '@type': index < MAX_STRUCTURED_DATA_NODES ? 'Thing' : 'Thnig',
      })),
    };
    expect(validateStructuredData([wide])).toEqual([]);
  });
});

describe('summarizeStructuredData', () => {
  it('keeps one capped line per check, distinct details first', () => {
    const problems = ['a', 'b', 'a', 'c', 'd', 'e'].map((name) => ({
      check: 'schema-type-unknown',
      detail: `"${name}"`,
    }));
    problems.push({ check: 'schema-date-invalid', detail: 'x'.repeat(1000) });
    const summary = summarizeStructuredData(problems);
    expect(summary[0]).toBe('schema-type-unknown\t"a"; "b"; "c" (and 2 more)');
    expect(summary[1].length).toBeLessThanOrEqual('schema-date-invalid\t'.length + 200);
  });

  it(`keeps the first ${MAX_STRUCTURED_DATA_LINES} checks of a page`, () => {
    const problems = Array.from({ length: 12 }, (_, index) => ({ check: `check-${index}`, detail: 'x' }));
    problems.push({ check: 'check-0', detail: 'y' });
    const summary = summarizeStructuredData(problems);
    expect(summary).toHaveLength(MAX_STRUCTURED_DATA_LINES);
    expect(summary[0]).toBe('check-0\tx; y');
  });
});

describe('microdata and RDFa', () => {
  const read = (body: string) =>
    extractPageFacts(`<html><body>${body}</body></html>`, { structuredData: true }).structuredData ?? [];

  it('turns microdata into items the validator reads', () => {
    const items = read(`
      <div itemscope itemtype="https://schema.org/Event">
        <h1 itemprop="name">Concert</h1>
        <time itemprop="startDate" datetime="2025-07-21T19:00">21 July</time>
        <div itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">Hall</span>
          <span itemprop="address">1 Main St</span></div>
        <meta itemprop="endDate" content="tomorrow">
      </div>`);
    expect(items).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'https://schema.org/Event',
        name: 'Concert',
        startDate: '2025-07-21T19:00',
        location: { '@type': 'https://schema.org/Place', name: 'Hall', address: '1 Main St' },
        endDate: 'tomorrow',
      },
    ]);
    expect(validateStructuredData(items)).toEqual([
      { check: 'schema-date-invalid', detail: 'endDate "tomorrow" on Event' },
    ]);
  });

  it("finds nothing in Google's breadcrumb and FAQ examples in microdata and RDFa", () => {
    const items = read(`
      <ol itemscope itemtype="https://schema.org/BreadcrumbList">
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">
          <a itemprop="item" href="https://example.com/books"><span itemprop="name">Books</span></a>
          <meta itemprop="position" content="1" /></li>
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">
          <a itemscope itemtype="https://schema.org/WebPage" itemprop="item" itemid="https://example.com/books/sciencefiction"
             href="https://example.com/books/sciencefiction"><span itemprop="name">Science Fiction</span></a>
          <meta itemprop="position" content="2" /></li>
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">
          <span itemprop="name">Award Winners</span><meta itemprop="position" content="3" /></li>
      </ol>
      <ol vocab="https://schema.org/" typeof="BreadcrumbList">
        <li property="itemListElement" typeof="ListItem">
          <a property="item" typeof="WebPage" href="https://example.com/books"><span property="name">Books</span></a>
          <meta property="position" content="1"></li>
        <li property="itemListElement" typeof="ListItem"><span property="name">Award Winners</span>
          <meta property="position" content="2"></li>
      </ol>
      <div itemscope itemtype="https://schema.org/FAQPage">
        <div itemscope itemprop="mainEntity" itemtype="https://schema.org/Question">
          <h3 itemprop="name">What is the return policy?</h3>
          <div itemscope itemprop="acceptedAnswer" itemtype="https://schema.org/Answer">
            <div itemprop="text"><p>Most unopened items in new condition can be returned.</p></div></div></div></div>`);
    expect(items).toHaveLength(3);
    expect(validateStructuredData(items)).toEqual([]);
  });

  it('reads RDFa Lite under a schema.org vocab and skips other vocabularies', () => {
    const items = read(`
      <div vocab="https://schema.org/" typeof="Recipe"><span property="name">Soup</span><span property="colour">red</span></div>
      <div vocab="http://xmlns.com/foaf/0.1/" typeof="Person"><span property="nick">x</span></div>
      <div itemscope itemtype="http://data-vocabulary.org/Person"><span itemprop="nickname">y</span></div>`);
    expect(items).toEqual([{ '@context': 'https://schema.org', '@type': 'Recipe', name: 'Soup', colour: 'red' }]);
    expect(checks(validateStructuredData(items))).toEqual([
      'schema-property-unknown',
      'schema-recipe-required-missing',
    ]);
  });
});

describe('limits on what a page keeps', () => {
  const read = (html: string) => extractPageFacts(html, { structuredData: true }).structuredData ?? [];

  it(`keeps ${MAX_JSON_LD_BLOCKS} JSON-LD blocks, and none without the option`, () => {
    const html = '<script type="application/ld+json">{"@type":"Thing"}</script>'.repeat(MAX_JSON_LD_BLOCKS + 5);
    expect(read(html)).toHaveLength(MAX_JSON_LD_BLOCKS);
    expect(extractPageFacts(html).structuredData).toBeUndefined();
  });

  it(`keeps ${MAX_EMBEDDED_ITEMS} microdata items and ${MAX_EMBEDDED_VALUES} values`, () => {
    expect(
      read('<div itemscope itemtype="https://schema.org/Thing"></div>'.repeat(MAX_EMBEDDED_ITEMS + 5)),
    ).toHaveLength(MAX_EMBEDDED_ITEMS);
    const [item] = read(
      `<div itemscope itemtype="https://schema.org/Thing">${'<meta itemprop="name" content="x">'.repeat(MAX_EMBEDDED_VALUES + 5)}</div>`,
    ) as Array<Record<string, unknown>>;
    expect(item.name).toHaveLength(MAX_EMBEDDED_VALUES);
  });

  it(`keeps ${MAX_VALUE_CHARS} characters of a value and reads ${MAX_OPEN_TEXT_VALUES} nested text values`, () => {
    const [long] = read(
      `<div itemscope itemtype="https://schema.org/Thing"><p itemprop="name">${'x'.repeat(5000)}</p><meta itemprop="description" content="${'y'.repeat(5000)}"></div>`,
    ) as Array<Record<string, unknown>>;
    expect(long).toEqual({
      '@context': 'https://schema.org',
      '@type': 'https://schema.org/Thing',
      name: 'x'.repeat(MAX_VALUE_CHARS),
      description: 'y'.repeat(MAX_VALUE_CHARS),
    });
    const nested = 1000;
    const [deep] = read(
      `<div itemscope itemtype="https://schema.org/Thing">${'<span itemprop="name">a'.repeat(nested)}${'</span>'.repeat(nested)}</div>`,
    ) as Array<Record<string, unknown>>;
    const names = deep.name as string[];
    expect(names).toHaveLength(nested);
    expect(names.filter((name) => name !== '')).toHaveLength(MAX_OPEN_TEXT_VALUES);
  });
});

describe('schemaOrgVocabulary', () => {
  it('comes from schema.org release data', () => {
    const vocabulary = schemaOrgVocabulary();
    expect(vocabulary.release).toMatch(/^\d+\.\d+$/);
    expect([...vocabulary.ancestors.get('NewsArticle')!]).toEqual(
      expect.arrayContaining(['Article', 'CreativeWork', 'Thing']),
    );
    expect(vocabulary.domains.get('uploadDate')).toContain('MediaObject');
    expect(vocabulary.dateProperties.has('startDate')).toBe(true);
  });
});
