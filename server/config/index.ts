import { admin } from './admin.ts';
import { bulkChecks } from './bulk-checks.ts';
import { core } from './core.ts';
import { imageCompressor } from './image-compressor.ts';
import { indexNow } from './indexnow.ts';
import { leadDelivery } from './leads.ts';
import { limits } from './limits.ts';
import { logFiles } from './log-files.ts';
import { llm } from './llm.ts';
import { mobileTest } from './mobile-test.ts';
import { monitoring } from './monitoring.ts';
import { pageSpeed } from './page-speed.ts';
import { pdf } from './pdf.ts';
import { searchConsole } from './search-console.ts';
import type { ConfigSection, EnvShape, Report, SectionContext } from './section.ts';
import { siteAudit } from './site-audit.ts';
import { siteAuditRender } from './site-audit-render.ts';
import { siteProfile } from './site-profile.ts';
import { sitemapGenerator } from './sitemap-generator.ts';
import { videoDownloader } from './video-downloader.ts';
import { youtube } from './youtube.ts';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once at boot (docs/decisions/0010). A
 * feature adds its variables as one fragment file in this folder plus one line below; it is then
 * handed `config.<name>`. Nothing else reads process.env.
 */
const sections = {
  siteProfile,
  leadDelivery,
  admin,
  limits,
  sitemapGenerator,
  siteAudit,
  siteAuditRender,
  bulkChecks,
  imageCompressor,
  mobileTest,
  videoDownloader,
  youtube,
  pdf,
  pageSpeed,
  searchConsole,
  llm,
  indexNow,
  monitoring,
  logFiles,
};

type SectionValue<S> = S extends ConfigSection<EnvShape, infer T> ? T : never;
type Sections = typeof sections;

export type Config = SectionValue<typeof core> & { [K in keyof Sections]: SectionValue<Sections[K]> };
export type { TrustProxy } from './core.ts';

const allSections: Array<ConfigSection<EnvShape, unknown>> = [core, ...Object.values(sections)];

/** The whole schema, one z.object (the README's configuration table is checked against it). */
export const envSchema = z.object(Object.assign({}, ...allSections.map((section) => section.env)) as EnvShape);

/** Every variable name, in the order the fragments declare them. */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Thrown by loadConfig; `problems` holds one plain line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/**
 * Parses `env` against every fragment and returns the typed config, or throws ConfigError listing
 * every problem at once: each fragment is checked on its own, so one bad value does not hide
 * another fragment's cross-variable checks.
 */
export interface LoadOptions {
  /**
   * A command-line tool (submissions, backup, directories:check) rather than the web server: it
   * publishes no URLs, so a production environment without SITE_URL is fine for it.
   */
  cli?: boolean;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, options: LoadOptions = {}): Config {
  const problems: string[] = [];
  const report: Report = (variable, message) => problems.push(`${variable} ${message}`);
  let context: SectionContext = { dataDir: './data' };
  const read = <T>(section: ConfigSection<EnvShape, T>): T | undefined => {
    const parsed = z.object(section.env).safeParse(env);
    if (parsed.success) return section.read(parsed.data, report, context);
    for (const issue of parsed.error.issues) report(String(issue.path[0]), issue.message);
    return undefined;
  };
  const base = read(core);
  if (base) context = { dataDir: base.dataDir };
  // Canonicals, the sitemap and JSON-LD would otherwise point at http://localhost in production.
  if (base && !options.cli && base.env === 'production' && !base.siteUrlSet) {
    report(
      'SITE_URL',
      'must be set when NODE_ENV=production: the public origin of the site, such as https://www.example.com',
    );
  }
  const values = Object.fromEntries(
    Object.entries(sections).map(([name, section]) => [name, read(section as ConfigSection<EnvShape, unknown>)]),
  );
  if (problems.length > 0 || !base) throw new ConfigError(problems);
  return { ...base, ...values } as Config;
}

/** Settings that are allowed but risky: logged as warnings at boot. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && config.fetchAllowPrivate.length > 0) {
    warnings.push(
      `FETCH_ALLOW_PRIVATE is set in production: the guarded fetcher may reach these private targets: ${config.fetchAllowPrivate.join(', ')}`,
    );
  }
  if (config.env === 'production' && config.siteProfile.sample) {
    warnings.push(
      'SITE_PROFILE is not set: the site shows the sample business, tells search engines not to index any page and says so on every page; set SITE_PROFILE to your business profile (docs/profile.example.json shows the fields)',
    );
  }
  return warnings;
}
