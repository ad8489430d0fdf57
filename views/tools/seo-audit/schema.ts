import { z } from 'zod';

export const MAX_URL_LENGTH = 2048;

export const auditRequestSchema = z.object({
  url: z
    .string({ error: 'Please enter a URL to audit.' })
    .trim()
    .min(1, 'Please enter a URL to audit.')
    .max(MAX_URL_LENGTH, `URLs are limited to ${MAX_URL_LENGTH} characters.`),
});

export type AuditRequest = z.infer<typeof auditRequestSchema>;
