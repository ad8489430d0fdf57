import { z } from 'zod';

export const MAX_URL_LENGTH = 2048;

export const mobileTestRequestSchema = z.object({
  url: z
    .string({ error: 'Please enter a URL to test.' })
    .trim()
    .min(1, 'Please enter a URL to test.')
    .max(MAX_URL_LENGTH, `URLs are limited to ${MAX_URL_LENGTH} characters.`),
});
