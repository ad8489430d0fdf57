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
