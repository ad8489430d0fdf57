import { z } from 'zod';
import { contactLimits } from '#views/pages/shared/form-limits.ts';
import { parseForm, requiredEmail, requiredText } from '#views/pages/shared/form-schema.ts';

export const contactSchema = z.object({
  name: requiredText('Name', contactLimits.name),
  email: requiredEmail('Email', contactLimits.email),
  message: requiredText('Message', contactLimits.message, { multiline: true }),
});

export type ContactInput = z.infer<typeof contactSchema>;

export function parseContact(body: unknown) {
  return parseForm(contactSchema, body);
}
