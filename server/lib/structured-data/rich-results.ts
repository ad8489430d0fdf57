/**
 * What Google Search needs of the rich-result types it supports, from the Search Central docs
 * (each rule cites its page). "required" are Google's required properties: without them the item
 * cannot show as a rich result. Where the docs name no required property (Article, Organization)
 * the check reports the recommended ones Google shows, as a notice, and says so.
 */
export type Node = Record<string, unknown>;

export interface RichResultRule {
  /** The issue type reported. */
  check: string;
  /**
   * Whether the rule applies to an item: `types` are its types plus all their ancestors, `own` its
   * types as written.
   */
  appliesTo: (types: ReadonlySet<string>, own: readonly string[]) => boolean;
  /** Only items at the top of the markup (a script's root, an array or @graph member, a page's mainEntity). */
  topLevelOnly: boolean;
  /** What is missing, in plain words; empty when nothing is. `nested`: the item is a property's value. */
  missing: (node: Node, nested: boolean, types: ReadonlySet<string>) => string[];
}

export const present = (value: unknown): boolean => {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(present);
  return true;
};

const absent = (node: Node, names: readonly string[]) => names.filter((name) => !present(node[name]));

const objects = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is Node => item !== null && typeof item === 'object' && !Array.isArray(item),
  );

const typeIs =
  (...names: string[]) =>
  (types: ReadonlySet<string>) =>
    names.some((name) => types.has(name));

export const richResultRules: readonly RichResultRule[] = [
  {
    // https://developers.google.com/search/docs/appearance/structured-data/article
    // "There are no required properties"; recommended: author, dateModified, datePublished,
    // headline, image. Reported (as a notice): the four an article result shows.
    check: 'schema-article-recommended-missing',
    // Article itself, and NewsArticle, BlogPosting and their subtypes; other Article subtypes
    // (DiscussionForumPosting, ScholarlyArticle, Report...) have their own pages or none.
    appliesTo: (types, own) => own.includes('Article') || types.has('NewsArticle') || types.has('BlogPosting'),
    topLevelOnly: true,
    missing: (node) => absent(node, ['headline', 'image', 'datePublished', 'author']),
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/breadcrumb
    // BreadcrumbList: itemListElement (required). ListItem: name, position (required); item
    // (required, except for the last breadcrumb).
    check: 'schema-breadcrumb-required-missing',
    appliesTo: typeIs('BreadcrumbList'),
    topLevelOnly: false,
    missing: (node) => {
      const elements = objects(node.itemListElement);
      if (elements.length === 0) return ['itemListElement'];
      return elements.flatMap((element, index) => {
        const needed = index === elements.length - 1 ? ['position', 'name'] : ['position', 'name', 'item'];
        // A nested `item` object may carry the name itself (Google accepts item.name).
        const names = needed.filter(
          (name) =>
            !present(element[name]) && !(name === 'name' && objects(element.item).some((item) => present(item.name))),
        );
        return names.length > 0 ? [`breadcrumb ${index + 1}: ${names.join(', ')}`] : [];
      });
    },
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/faqpage
    // FAQPage: mainEntity (Question, required). Question: name, acceptedAnswer (required).
    // Answer: text (required).
    check: 'schema-faq-required-missing',
    appliesTo: typeIs('FAQPage'),
    topLevelOnly: false,
    missing: (node) => {
      const questions = objects(node.mainEntity);
      if (questions.length === 0) return ['mainEntity'];
      return questions.flatMap((question, index) => {
        const missing = absent(question, ['name', 'acceptedAnswer']);
        const answers = objects(question.acceptedAnswer);
        if (answers.length > 0 && !answers.some((answer) => present(answer.text))) missing.push('acceptedAnswer.text');
        return missing.length > 0 ? [`question ${index + 1}: ${missing.join(', ')}`] : [];
      });
    },
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/local-business
    // LocalBusiness (or a more specific type): address, name (required).
    check: 'schema-local-business-required-missing',
    appliesTo: typeIs('LocalBusiness'),
    topLevelOnly: true,
    missing: (node) => absent(node, ['name', 'address']),
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/organization
    // "There are no required properties"; among the recommended ones, name, url and logo are what
    // Google uses to show the organization (logo: https://developers.google.com/search/docs/appearance/structured-data/logo).
    // Reported as a notice. A LocalBusiness has its own check.
    check: 'schema-organization-recommended-missing',
    appliesTo: (types) => types.has('Organization') && !types.has('LocalBusiness'),
    topLevelOnly: true,
    missing: (node) => absent(node, ['name', 'url', 'logo']),
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/product-snippet
    // Product: name (required), and one of review, aggregateRating or offers.
    // A ProductGroup (https://developers.google.com/search/docs/appearance/structured-data/product-variants)
    // carries its offers on its variants (hasVariant), which are nested: not asked here.
    check: 'schema-product-required-missing',
    appliesTo: (types) => types.has('Product') && !types.has('ProductGroup'),
    topLevelOnly: true,
    missing: (node) => {
      const missing = absent(node, ['name']);
      if (absent(node, ['offers', 'review', 'aggregateRating']).length === 3)
        missing.push('one of offers, review or aggregateRating');
      return missing;
    },
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/review-snippet
    // Review: author, reviewRating (required); itemReviewed (required unless the review is
    // nested in the item it reviews). reviewRating.ratingValue: see schema-rating-required-missing.
    check: 'schema-review-required-missing',
    // Not ClaimReview (fact checks) or other Review subtypes with their own requirements.
    appliesTo: (_types, own) =>
      own.some((type) => type === 'Review' || type === 'CriticReview' || type === 'UserReview'),
    topLevelOnly: false,
    missing: (node, nested) =>
      absent(node, nested ? ['author', 'reviewRating'] : ['itemReviewed', 'author', 'reviewRating']),
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/review-snippet
    // AggregateRating: ratingValue, and ratingCount or reviewCount (required). Rating (a
    // review's reviewRating): ratingValue (required).
    check: 'schema-rating-required-missing',
    appliesTo: typeIs('Rating'),
    topLevelOnly: false,
    missing: (node, _nested, types) => {
      const missing = absent(node, ['ratingValue']);
      if (types.has('AggregateRating') && absent(node, ['ratingCount', 'reviewCount']).length === 2)
        missing.push('ratingCount or reviewCount');
      return missing;
    },
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/software-app
    // SoftwareApplication (MobileApplication, WebApplication, VideoGame): name, offers.price
    // (0 when free), and aggregateRating or review (required).
    check: 'schema-software-app-required-missing',
    appliesTo: typeIs('SoftwareApplication'),
    topLevelOnly: true,
    missing: (node) => {
      const missing = absent(node, ['name']);
      if (!objects(node.offers).some((offer) => present(offer.price))) missing.push('offers.price');
      if (absent(node, ['aggregateRating', 'review']).length === 2) missing.push('aggregateRating or review');
      return missing;
    },
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/job-posting
    // JobPosting: datePosted, description, hiringOrganization, jobLocation, title (required); a
    // fully remote job (jobLocationType TELECOMMUTE) needs applicantLocationRequirements instead
    // of jobLocation.
    check: 'schema-job-posting-required-missing',
    appliesTo: typeIs('JobPosting'),
    topLevelOnly: true,
    missing: (node) => {
      const remote = node.jobLocationType === 'TELECOMMUTE' && !present(node.jobLocation);
      return absent(node, [
        'title',
        'description',
        'datePosted',
        'hiringOrganization',
        remote ? 'applicantLocationRequirements' : 'jobLocation',
      ]);
    },
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/event
    // Event: location, name, startDate (required).
    check: 'schema-event-required-missing',
    appliesTo: typeIs('Event'),
    topLevelOnly: true,
    missing: (node) => absent(node, ['name', 'startDate', 'location']),
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/recipe
    // Recipe: image, name (required).
    check: 'schema-recipe-required-missing',
    appliesTo: typeIs('Recipe'),
    topLevelOnly: true,
    missing: (node) => absent(node, ['name', 'image']),
  },
  {
    // https://developers.google.com/search/docs/appearance/structured-data/video
    // VideoObject: name, thumbnailUrl, uploadDate (required).
    check: 'schema-video-required-missing',
    appliesTo: typeIs('VideoObject'),
    topLevelOnly: true,
    missing: (node) => absent(node, ['name', 'thumbnailUrl', 'uploadDate']),
  },
];
