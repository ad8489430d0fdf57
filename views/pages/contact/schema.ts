import { z } from 'zod';
import { contactLimits } from '#views/pages/shared/form-limits.ts';
import { parseForm, requiredText } from '#views/pages/shared/form-schema.ts';

// Deliberately simple: one @, no spaces, a dot in the domain. Stricter rules reject real addresses.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const contactSchema = z.object({
  name: requiredText('Name', contactLimits.name),
  email: requiredText('Email', contactLimits.email, { pattern: [EMAIL_PATTERN, 'Email must be a valid email address'] }),
  message: requiredText('Message', contactLimits.message, { multiline: true }),
});

export type ContactInput = z.infer<typeof contactSchema>;

export function parseContact(body: unknown) {
  return parseForm(contactSchema, body);
}
