import { z } from 'zod';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';
import { typedUrlField } from '../typed-url-schema.ts';

export { MAX_URL_LENGTH };

export const mobileTestRequestSchema = z.object({
  url: typedUrlField({
    required: 'Please enter a URL to test.',
    tooLong: `URLs are limited to ${MAX_URL_LENGTH} characters.`,
  }),
});
