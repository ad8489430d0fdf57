import { field, Invalid, origin } from './fields.ts';
import { defineSection } from './section.ts';

/** IndexNow's shared endpoint: it passes every ping on to the search engines that take part. */
export const INDEXNOW_SHARED_ENDPOINT = 'https://api.indexnow.org/indexnow';

/**
 * IndexNow (issue 27): with INDEXNOW_KEY set, the key file is served at /<key>.txt and every publish,
 * update and delete of a post pings INDEXNOW_ENDPOINT through the job system (never for the sample
 * business, which is never indexable).
 */
export const indexNow = defineSection({
  env: {
    INDEXNOW_KEY: field((value) =>
      value === undefined || /^[A-Za-z0-9-]{8,128}$/.test(value)
        ? value
        : new Invalid('must be 8 to 128 letters, digits or hyphens (IndexNow key rules)'),
    ),
    INDEXNOW_ENDPOINT: origin(INDEXNOW_SHARED_ENDPOINT, INDEXNOW_SHARED_ENDPOINT),
  },
  read: (env) => (env.INDEXNOW_KEY ? { key: env.INDEXNOW_KEY, endpoint: env.INDEXNOW_ENDPOINT } : null),
});
