export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_LENGTH = 'Enter the full number with country code: 7 to 15 digits, for example +91 98765 43210.';
export const MESSAGE_MAX = 1000;
export const MESSAGE_TOO_LONG = `The message must be ${MESSAGE_MAX} characters or fewer.`;

export type WhatsAppLinkResult = { ok: true; link: string; digits: string } | { ok: false; error: string };

/**
 * wa.me wants the international number as bare digits: `+`, spaces, dashes, dots and brackets go.
 * A leading `00` is the international dialling prefix, so it goes too (0091... is +91...).
 */
export function buildWhatsAppLink(phone: string, message = ''): WhatsAppLinkResult {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  if (!digits) return { ok: false, error: PHONE_REQUIRED };
  if (digits.length < 7 || digits.length > 15) return { ok: false, error: PHONE_LENGTH };
  if ([...message].length > MESSAGE_MAX) return { ok: false, error: MESSAGE_TOO_LONG };
  const text = message.trim();
  const link = text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
  return { ok: true, link, digits };
}
