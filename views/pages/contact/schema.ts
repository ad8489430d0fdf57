import { z } from 'zod';
import { contactLimits } from '#views/pages/shared/form-limits.ts';
import { optionalPage, optionalText, parseForm, requiredEmail, requiredText } from '#views/pages/shared/form-schema.ts';
import { isId } from '#views/model/ids.ts';

/** Fewer digits than this is no number anyone could call back (local numbers without a code have 7-8). */
const MIN_PHONE_DIGITS = 7;

/** A phone number as people write it: digits, spaces, + - ( ). Stored as typed. */
export function checkPhone(text: string): string | { error: string } {
  if (!/^[0-9+\-() ]+$/.test(text)) return { error: 'Phone may contain only digits, spaces and + - ( )' };
  if (text.replace(/\D/g, '').length < MIN_PHONE_DIGITS)
    return { error: `Phone must have at least ${MIN_PHONE_DIGITS} digits` };
  return text;
}

const WEBSITE_PROBLEM = { error: 'Website must be a web address such as example.com or https://example.com' };

/**
 * An http(s) address. People type bare domains ("example.com", "www.shop.in/menu"), so an address
 * without a scheme gets https://; any other scheme is refused, as is anything with credentials or a
 * host without a dot (the operator clicks this link in the inbox). Stored as typed plus that prefix.
 */
export function normalizeWebsite(text: string): string | { error: string } {
  if (/\s/.test(text)) return WEBSITE_PROBLEM;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (hasScheme && !/^https?:\/\//i.test(text)) return { error: 'Website must start with http:// or https://' };
  const candidate = hasScheme ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return WEBSITE_PROBLEM;
  }
  if (url.username || url.password || !/^[^.]+(\.[^.]+)+\.?$/.test(url.hostname)) return WEBSITE_PROBLEM;
  return candidate;
}

export function checkAuditId(text: string): string | { error: string } {
  return isId(text) ? text : { error: 'Site audit must be the id of a site audit report' };
}

export const contactSchema = z.object({
  name: requiredText('Name', contactLimits.name),
  email: requiredEmail('Email', contactLimits.email),
  phone: optionalText('Phone', contactLimits.phone, { check: checkPhone }),
  website: optionalText('Website', contactLimits.website, { check: normalizeWebsite }),
  message: requiredText('Message', contactLimits.message, { multiline: true }),
  /** Hidden: set when the visitor came from a site audit's call to action; the inbox links the report. */
  siteAudit: optionalText('Site audit', 22, { check: checkAuditId }),
  /** Hidden: the page the form is on and the page of this site before it (decision 0047). */
  formPage: optionalPage(),
  sourcePage: optionalPage(),
});

export type ContactInput = z.infer<typeof contactSchema>;

export function parseContact(body: unknown) {
  return parseForm(contactSchema, body);
}
