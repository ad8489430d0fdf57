import { parseTargetUrl } from '#server/lib/safe-fetch/target.ts';

/**
 * People paste bare domains ("example.com/page"); treat those as https. Anything with a scheme
 * is left for the guarded fetcher to accept or refuse.
 */
export function normalizeUrlInput(input: string): string {
  const text = input.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/:]+:\d+(\/|$)/.test(text)) return text;
  if (text.startsWith('//')) return `https:${text}`;
  return `https://${text}`;
}

/**
 * What a visitor typed, as the URL the guarded fetcher will be asked for, refused (invalid-input)
 * when its shape can never be fetched: the API checks this before a request spends any quota.
 */
export function checkedUrlInput(input: string): string {
  return parseTargetUrl(normalizeUrlInput(input)).href;
}
