import { z } from 'zod';
import { cleanText } from '#views/pages/shared/clean-text.ts';
import { HONEYPOT_FIELD } from '#views/pages/shared/form-limits.ts';
import { canonicalEmail } from '#views/model/email.ts';
import { sourcePath } from '#views/model/source-page.ts';

export interface TextFieldOptions {
  /** Keeps tabs and line breaks (messages, article bodies); otherwise they become spaces. */
  multiline?: boolean;
  /** A shape the cleaned text must have, and the message when it does not. */
  pattern?: [RegExp, string];
}

/**
 * A required text field as it will be stored: escape sequences and control characters removed
 * (clean-text.ts), then trimmed; text that is empty after that is refused like a missing field.
 * Every error names the field.
 */
export function requiredText(label: string, max: number, { multiline = false, pattern }: TextFieldOptions = {}) {
  let stored = z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);
  if (pattern) stored = stored.regex(pattern[0], pattern[1]);
  return z
    .string({ error: `${label} is required` })
    .transform((text) => cleanText(text, { multiline }))
    .pipe(stored);
}

export interface OptionalFieldOptions {
  /**
   * Checks the cleaned, non-empty text and returns what is stored, or `{error}` naming the field.
   * Runs after the length limit.
   */
  check?: (text: string) => string | { error: string };
}

/**
 * An optional single-line text field: missing, null or blank (after cleaning) is stored as null;
 * anything else is cleaned like a required field and checked. Every error names the field.
 */
export function optionalText(label: string, max: number, { check }: OptionalFieldOptions = {}) {
  // .optional() before the transform: a missing key reaches it as undefined and is stored as null.
  return z
    .unknown()
    .optional()
    .transform((value, ctx): string | null => {
      if (value === undefined || value === null) return null;
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (typeof value !== 'string') return fail(`${label} must be text`);
      const text = cleanText(value, { multiline: false }).trim();
      if (!text) return null;
      if (text.length > max) return fail(`${label} must be at most ${max.toLocaleString('en-US')} characters`);
      const checked = check ? check(text) : text;
      return typeof checked === 'string' ? checked : fail(checked.error);
    });
}

/**
 * A page of this site a lead came from (the form's page, the page before it): kept as a capped path,
 * or null. Context, not input the visitor typed: anything else is dropped, never a reason to refuse.
 */
export function optionalPage() {
  return z.unknown().optional().transform(sourcePath);
}

/**
 * A required email address by the site's one rule (views/model/email.ts: a plain mailbox), stored in
 * its canonical form (the domain lower-cased and punycoded); its errors name the field.
 */
export function requiredEmail(label: string, max: number) {
  return requiredText(label, max).transform((text, ctx) => {
    const canonical = canonicalEmail(text);
    if (canonical) return canonical;
    ctx.addIssue({ code: 'custom', message: `${label} must be a valid email address` });
    return z.NEVER;
  });
}

export type ParseResult<T> = { ok: true; data: T; isBot: boolean } | { ok: false; error: string };

/** Validates a request body and reports the first problem in words a person can act on. */
export function parseForm<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'Request body must be a JSON object' };
  }
  const honeypot = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  const isBot = honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '';
  const result = schema.safeParse(body);
  if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? 'Invalid request' };
  return { ok: true, data: result.data, isBot };
}
