import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Business } from '#views/business.ts';
import sampleProfile from '../../docs/profile.example.json' with { type: 'json' };
import { optionalText } from './fields.ts';
import { profileErrorMap, profileProblems, profileSchema, type ProfileFile } from './profile-schema.ts';
import { defineSection } from './section.ts';

/** The logo is read into memory at boot and served from there; a profile picture needs no more. */
export const LOGO_MAX_BYTES = 512 * 1024;
const LOGO_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

export interface LogoFile {
  /** Content-hashed URL, so it can be cached for a year. */
  url: string;
  type: string;
  body: Buffer;
}

export interface SiteProfile {
  business: Business;
  /** True without SITE_PROFILE: the shipped sample runs, never indexable. */
  sample: boolean;
  /** Where the profile came from, for the boot log. */
  source: string;
  logo?: LogoFile;
}

const SAMPLE_NAME = sampleProfile.name;

/**
 * The logo must be a readable image file inside DATA_DIR (after following symlinks), so a profile
 * cannot make the server publish /etc/passwd or anything else outside the data directory.
 */
function readLogo(logo: string, dataDir: string): LogoFile | string {
  const type = LOGO_TYPES[extname(logo).toLowerCase()];
  if (!type) return `logo must be an image file (${Object.keys(LOGO_TYPES).join(', ')})`;
  let root: string;
  let file: string;
  try {
    root = realpathSync(dataDir);
  } catch {
    return `logo cannot be checked: DATA_DIR ${dataDir} does not exist`;
  }
  try {
    file = realpathSync(isAbsolute(logo) ? logo : resolve(root, logo));
  } catch {
    return `logo names a file that does not exist (${logo})`;
  }
  const inside = relative(root, file);
  if (!inside || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    return `logo must be a file inside DATA_DIR (${root})`;
  const stat = statSync(file);
  if (!stat.isFile()) return `logo must be a file (${logo})`;
  if (stat.size > LOGO_MAX_BYTES)
    return `logo must be at most ${LOGO_MAX_BYTES / 1024} KB (it is ${Math.ceil(stat.size / 1024)} KB)`;
  const body = readFileSync(file);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { url: `/logo-${hash}${extname(file).toLowerCase()}`, type, body };
}

/** Parses profile JSON text; returns the problems (without the SITE_PROFILE prefix) or the profile. */
export function parseProfile(textOrJson: string | unknown): ProfileFile | string[] {
  let json: unknown = textOrJson;
  if (typeof textOrJson === 'string') {
    try {
      json = JSON.parse(textOrJson);
    } catch (error) {
      return [`is not valid JSON (${(error as Error).message})`];
    }
  }
  const parsed = profileSchema.safeParse(json, { error: profileErrorMap });
  return parsed.success ? parsed.data : profileProblems(parsed.error);
}

function toBusiness(profile: ProfileFile, logo: LogoFile | undefined): Business {
  const { logo: _path, ...rest } = profile;
  return { ...rest, ...(logo ? { logo: logo.url } : {}) };
}

/**
 * SITE_PROFILE: the path of the operator's business profile (JSON), read and validated here at
 * boot. Every problem is one line naming the file and the field, e.g.
 * `SITE_PROFILE /etc/site/profile.json: address.postalCode is required`.
 */
export const siteProfile = defineSection({
  env: {
    SITE_PROFILE: optionalText(),
  },
  read: (env, report, context): SiteProfile => {
    const file = env.SITE_PROFILE;
    if (!file) {
      const sample = parseProfile(sampleProfile);
      if (Array.isArray(sample)) throw new Error(`The shipped sample profile is invalid: ${sample.join('; ')}`);
      return { business: toBusiness(sample, undefined), sample: true, source: 'docs/profile.example.json (sample)' };
    }
    // After a report loadConfig throws, so what `fail` returns is never used.
    const fail = (...problems: string[]): SiteProfile => {
      for (const problem of problems) report('SITE_PROFILE', `${file}: ${problem}`);
      return { business: toBusiness(sampleProfile as ProfileFile, undefined), sample: true, source: file };
    };
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      return fail(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    const profile = parseProfile(text);
    if (Array.isArray(profile)) return fail(...profile);
    // Publishing the sample by pointing SITE_PROFILE at it would put "Sample SEO Agency" in Google.
    if (profile.name === SAMPLE_NAME)
      return fail(`name is still the sample's ("${SAMPLE_NAME}"): put your own business's name`);
    let logo: LogoFile | undefined;
    if (profile.logo) {
      const result = readLogo(profile.logo, context.dataDir);
      if (typeof result === 'string') return fail(result);
      logo = result;
    }
    return { business: toBusiness(profile, logo), sample: false, source: file, logo };
  },
});
