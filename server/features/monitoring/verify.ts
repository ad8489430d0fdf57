import { Parser } from 'htmlparser2';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { isFetchError } from '#server/lib/safe-fetch/index.ts';

/** What proves a site is its monitor's: the exact tag for the start page, or the exact file at the root. */
export interface Verification {
  meta: string;
  file: { path: string; content: string };
}

/** Bytes read of the start page (the tag belongs in its head) and of the proof file. */
export const VERIFY_MAX_BYTES = 1024 * 1024;
export const VERIFY_TIMEOUT_MS = 10_000;

/** `<brand>-site-verification`, the brand as a slug: "Delhi SEO Tools" → "delhi-seo-tools". */
export function verificationName(brandName: string): string {
  const slug = brandName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'site'}-site-verification`;
}

export function verificationFor(brandName: string, token: string): Verification {
  const name = verificationName(brandName);
  return {
    meta: `<meta name="${name}" content="${token}">`,
    file: { path: `/${token}.html`, content: `${name}: ${token}` },
  };
}

/** Whether the HTML has `<meta name="NAME" content="TOKEN">` (name compared case-insensitively). */
export function hasVerificationMeta(html: string, name: string, token: string): boolean {
  let found = false;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (tag !== 'meta' || found) return;
        if ((attributes.name ?? '').trim().toLowerCase() === name && (attributes.content ?? '').trim() === token)
          found = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

export interface VerifyResult {
  verified: boolean;
  /** A sentence for the site's owner: what was found, or what was looked for and why it failed. */
  detail: string;
}

function why(error: unknown): string {
  if (isFetchError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Looks for the proof through the guarded fetcher (every redirect hop checked): the meta tag on
 * the start page first, then the file at the site's root.
 */
export async function verifyOwnership(
  fetcher: SafeFetcher,
  target: { url: string; origin: string; token: string; brandName: string },
  signal?: AbortSignal,
): Promise<VerifyResult> {
  const { meta, file } = verificationFor(target.brandName, target.token);
  const name = verificationName(target.brandName);
  const options = { timeoutMs: VERIFY_TIMEOUT_MS, maxBytes: VERIFY_MAX_BYTES, onTooLarge: 'truncate' as const, signal };
  const problems: string[] = [];
  try {
    const page = await fetcher.fetch(target.url, options);
    if (page.status >= 200 && page.status < 300) {
      if (hasVerificationMeta(page.body.toString('utf8'), name, target.token))
        return { verified: true, detail: `Found the verification tag on ${target.url}.` };
      problems.push(`${target.url} has no ${meta} tag`);
    } else problems.push(`${target.url} answered HTTP ${page.status}`);
  } catch (error) {
    problems.push(`${target.url} could not be read (${why(error)})`);
  }
  const fileUrl = `${target.origin}${file.path}`;
  try {
    const proof = await fetcher.fetch(fileUrl, { ...options, maxBytes: 64 * 1024 });
    if (proof.status >= 200 && proof.status < 300) {
      if (proof.body.toString('utf8').includes(file.content))
        return { verified: true, detail: `Found the verification file at ${fileUrl}.` };
      problems.push(`${fileUrl} does not contain "${file.content}"`);
    } else problems.push(`${fileUrl} answered HTTP ${proof.status}`);
  } catch (error) {
    problems.push(`${fileUrl} could not be read (${why(error)})`);
  }
  return { verified: false, detail: `Not verified yet: ${problems.join('; ')}.` };
}
