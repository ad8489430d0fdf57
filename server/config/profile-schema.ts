import { z } from 'zod';
import type { Business } from '#views/business.ts';
import { canonicalEmail } from '#views/model/email.ts';

/**
 * The operator's business profile (SITE_PROFILE), field by field as the README documents it and
 * docs/profile.example.json shows it. Objects are strict so a misspelt field ("postcode") is
 * reported instead of silently ignored.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => text(max).optional();

/** Digits, spaces, +, (, ), -, . only, with `min`..15 digits. */
function phoneNumber(minDigits: number, message: string) {
  return z
    .string()
    .trim()
    .refine(
      (value) =>
        /^\+?[\d\s().-]+$/.test(value) &&
        value.replace(/\D/g, '').length >= minDigits &&
        value.replace(/\D/g, '').length <= 15,
      { error: message },
    );
}

/** The site's one e-mail rule (views/model/email.ts): a plain mailbox, kept in its canonical form. */
const email = z.string().transform((value, ctx) => {
  const canonical = canonicalEmail(value);
  if (canonical) return canonical;
  ctx.addIssue({ code: 'custom', message: 'must be an email address such as hello@your-domain.in' });
  return z.NEVER;
});

const httpUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: 'must be an absolute http(s) URL' },
  );

const DAY = '(Mo|Tu|We|Th|Fr|Sa|Su)';
const OPENING_HOURS = new RegExp(`^${DAY}([-,]${DAY})* ([01]\\d|2[0-4]):[0-5]\\d-([01]\\d|2[0-4]):[0-5]\\d$`);

/**
 * An IANA zone name ("Asia/Kolkata", "Europe/London", "UTC") that this Node's Intl knows. Abbreviations
 * such as "IST" are refused even where Intl takes them: they mean different zones in different places.
 */
const timeZone = z
  .string()
  .trim()
  .refine(
    (value) => {
      if (!/^(UTC|[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+)$/.test(value)) return false;
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'must be an IANA time zone name such as "Asia/Kolkata" or "Europe/London"' },
  );

export const profileSchema = z.strictObject({
  name: text(100),
  legalName: text(200),
  tagline: optionalText(160),
  phone: phoneNumber(8, 'must be a phone number such as +91 98110 45672'),
  whatsapp: phoneNumber(10, 'must be a WhatsApp number with its country code, such as +91 98110 45672').optional(),
  email,
  address: z.strictObject({
    street: text(200),
    locality: text(100),
    city: text(100),
    region: text(100),
    postalCode: text(20),
    country: text(60),
  }),
  geo: z
    .strictObject({
      lat: z
        .number()
        .min(-90, { error: 'must be a latitude from -90 to 90' })
        .max(90, { error: 'must be a latitude from -90 to 90' }),
      lng: z
        .number()
        .min(-180, { error: 'must be a longitude from -180 to 180' })
        .max(180, { error: 'must be a longitude from -180 to 180' }),
    })
    .optional(),
  gstin: z
    .string()
    .trim()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, {
      error: 'must be a 15-character GSTIN such as 07AAAAA0000A1Z5',
    })
    .optional(),
  foundedYear: z
    .number()
    .int({ error: 'must be a year such as 2019' })
    .min(1800, { error: 'must be a year such as 2019' })
    .refine((year) => year <= new Date().getFullYear(), { error: 'must not be in the future' })
    .optional(),
  hours: optionalText(160),
  timeZone: timeZone.optional(),
  openingHours: z
    .array(z.string().trim().regex(OPENING_HOURS, { error: 'must be in schema.org form such as "Mo-Fr 09:00-18:00"' }))
    .optional(),
  grievanceOfficer: z.strictObject({ name: text(100), email }).optional(),
  social: z
    .array(z.strictObject({ name: text(40), url: httpUrl }))
    .max(20)
    .optional(),
  team: z
    .array(z.strictObject({ name: text(100), role: text(100), bio: optionalText(1000) }))
    .max(100)
    .optional(),
  testimonials: z
    .array(z.strictObject({ quote: text(2000), name: text(100), role: text(150) }))
    .max(100)
    .optional(),
  caseStudies: z
    .array(
      z.strictObject({
        client: text(150),
        sector: optionalText(150),
        area: optionalText(100),
        duration: optionalText(60),
        challenge: text(2000),
        work: z.array(text(500)).min(1),
        results: z.array(text(300)).min(1),
        source: optionalText(300),
      }),
    )
    .max(50)
    .optional(),
  /** A file under DATA_DIR (relative to it, or absolute inside it). */
  logo: optionalText(500),
});

export type ProfileFile = z.output<typeof profileSchema>;

// The profile maps onto the views' Business type field for field (the logo path becomes its URL).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<Omit<ProfileFile, 'logo'>, Omit<Business, 'logo'>> = true;
void sameShape;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  array: 'a list',
  object: 'an object',
  boolean: 'true or false',
};

/** Plain wording for zod's generic problems; schema-level messages above take precedence. */
export const profileErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return 'must not be empty';
      if (issue.origin === 'array')
        return `must list at least ${String(issue.minimum)} item${Number(issue.minimum) === 1 ? '' : 's'}`;
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `must list at most ${String(issue.maximum)} items`;
      return `must be at most ${String(issue.maximum)}`;
    default:
      return undefined;
  }
};

/** `address.postalCode`, `testimonials[0].quote`. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index > 0 ? '.' : ''}${String(part)}`))
    .join('');
}

/** One plain line per problem: the field, then what is wrong with it. */
export function profileProblems(error: z.ZodError): string[] {
  return error.issues.flatMap((issue) => {
    const at = fieldPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map(
        (key) => `${at ? `${at}.` : ''}${key} is not a profile field (see docs/profile.example.json)`,
      );
    }
    return [at ? `${at} ${issue.message}` : issue.message];
  });
}
