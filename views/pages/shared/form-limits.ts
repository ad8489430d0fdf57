import { MAX_URL_LENGTH } from '#views/model/url-input.ts';

/**
 * Field limits shared by the form islands (maxLength attributes) and the server schemas.
 * Kept free of zod so importing them does not pull the validator into the browser bundle.
 */
export const contactLimits = { name: 100, email: 254, phone: 32, website: MAX_URL_LENGTH, message: 5000 } as const;

export const articleLimits = { title: 200, author: 100, email: 254, content: 50_000 } as const;

/**
 * Hidden field people never see or fill; anything in it marks the request as a bot. Not `website`:
 * that is a real (optional) field of the contact form.
 */
export const HONEYPOT_FIELD = 'homepage';
