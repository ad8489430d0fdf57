import { optionalText, origin } from './fields.ts';
import { defineSection } from './section.ts';

/** Google PageSpeed Insights for the SEO audit's speed score; null (the documented estimate) without a key. */
export const pageSpeed = defineSection({
  env: {
    PAGESPEED_API_KEY: optionalText(),
    PAGESPEED_ORIGIN: origin('https://www.googleapis.com', 'https://www.googleapis.com'),
  },
  read: (env) => (env.PAGESPEED_API_KEY ? { apiKey: env.PAGESPEED_API_KEY, origin: env.PAGESPEED_ORIGIN } : null),
});
