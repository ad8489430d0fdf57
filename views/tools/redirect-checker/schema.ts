import { z } from 'zod';

import { DEFAULT_USER_AGENT, USER_AGENT_CHOICES, type UserAgentChoice } from '#views/model/user-agents.ts';
import { MAX_REDIRECT_URLS, MAX_URL_LENGTH } from './rules.ts';

export { MAX_REDIRECT_URLS, MAX_URL_LENGTH };

/** Lines are trimmed and empty ones dropped (spec 5); the same rule runs in the widget and the API. */
export const urlListSchema = z
  .array(
    z
      .string({ error: 'Each URL must be text.' })
      .max(MAX_URL_LENGTH, `URLs are limited to ${MAX_URL_LENGTH} characters.`),
    {
      error: 'Send {"urls": [...]} with one URL per entry.',
    },
  )
  .transform((urls) => urls.map((url) => url.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string())
      .min(1, 'Please enter at least one URL')
      .max(MAX_REDIRECT_URLS, `At most ${MAX_REDIRECT_URLS} URLs can be checked at once.`),
  );

export const redirectRequestSchema = z.object({
  urls: urlListSchema,
  /** Whose eyes to follow the redirects with; sites may send browsers and Googlebot different ways. */
  userAgent: z
    .enum(USER_AGENT_CHOICES as [UserAgentChoice, ...UserAgentChoice[]], {
      error: `userAgent must be one of: ${USER_AGENT_CHOICES.join(', ')}.`,
    })
    .default(DEFAULT_USER_AGENT),
});
