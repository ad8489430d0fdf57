import { z } from 'zod';
import { MAX_URL_LENGTH, typedUrl } from '#views/model/url-input.ts';

/**
 * A form field holding a typed URL, checked by the one rule (views/model/url-input.ts) with the
 * tool's own messages; its value stays the trimmed text, so the service still knows whether a
 * scheme was typed (a bare domain may fall back to http). `invalid` replaces the rule's reason.
 */
export function typedUrlField(messages: { required: string; tooLong: string; invalid?: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(MAX_URL_LENGTH, messages.tooLong)
    .superRefine((text, ctx) => {
      const typed = typedUrl(text);
      if (!typed.ok) ctx.addIssue({ code: 'custom', message: messages.invalid ?? typed.reason });
    });
}
