import ISO6391 from 'iso-639-1';
import { whereAlpha2 } from 'iso-3166-1';

const HREFLANG = /^([a-z]{2})(?:-([a-z]{4}))?(?:-([a-z]{2}))?$/i;

/**
 * An hreflang value search engines accept: `x-default`, or an ISO 639-1 language, optionally with a
 * script (four letters, ISO 15924: zh-Hant) and an ISO 3166-1 alpha-2 region (en-GB). Both code lists
 * are checked, not only their shape: "en-UK" is not valid (the United Kingdom's code is GB), nor is "xx".
 * The one rule of the sitemap generator (alternates it lists) and the site audit (hreflang-invalid).
 */
export function isValidHreflang(value: string): boolean {
  if (value.toLowerCase() === 'x-default') return true;
  const match = HREFLANG.exec(value);
  if (!match || !ISO6391.validate(match[1].toLowerCase())) return false;
  return match[3] === undefined || whereAlpha2(match[3].toUpperCase()) !== undefined;
}
