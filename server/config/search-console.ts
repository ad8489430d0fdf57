import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { optionalText, origin } from './fields.ts';
import { defineSection } from './section.ts';

const serviceAccount = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.string().optional(),
});

export type ServiceAccount = z.infer<typeof serviceAccount>;

const CREDENTIALS_SHAPE =
  'must be a Google service-account key (inline JSON or the path of its file) with client_email and private_key';

/**
 * Search Console's URL Inspection API for the index checker's "indexed" column. The credentials
 * file is read here, at boot, so a missing or broken key stops the process instead of a request.
 */
export const searchConsole = defineSection({
  env: {
    SEARCH_CONSOLE_CREDENTIALS: optionalText(),
    SEARCH_CONSOLE_PROPERTY: optionalText(),
    SEARCH_CONSOLE_API_ORIGIN: origin('https://searchconsole.googleapis.com', 'https://searchconsole.googleapis.com'),
    SEARCH_CONSOLE_TOKEN_URL: origin(undefined, 'https://oauth2.googleapis.com/token'),
  },
  read: (env, report) => {
    const source = env.SEARCH_CONSOLE_CREDENTIALS;
    const property = env.SEARCH_CONSOLE_PROPERTY;
    if (!source && !property) return null;
    if (!property)
      report('SEARCH_CONSOLE_PROPERTY', 'must be set when SEARCH_CONSOLE_CREDENTIALS is (e.g. sc-domain:example.com)');
    else if (!property.startsWith('sc-domain:') && !/^https?:\/\/[^/]+\//.test(property)) {
      report(
        'SEARCH_CONSOLE_PROPERTY',
        `must be sc-domain:<domain> or a URL prefix ending in / such as https://example.com/ (got ${JSON.stringify(property)})`,
      );
    }
    if (!source) {
      report('SEARCH_CONSOLE_CREDENTIALS', 'must be set when SEARCH_CONSOLE_PROPERTY is');
      return null;
    }
    let text = source;
    if (!source.startsWith('{')) {
      try {
        text = readFileSync(source, 'utf8');
      } catch (error) {
        report(
          'SEARCH_CONSOLE_CREDENTIALS',
          `names a file that cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}: ${source})`,
        );
        return null;
      }
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const credentials = serviceAccount.safeParse(json);
    // The value is a private key: never echo it.
    if (!credentials.success) report('SEARCH_CONSOLE_CREDENTIALS', CREDENTIALS_SHAPE);
    if (!credentials.success || !property) return null;
    return {
      credentials: credentials.data,
      property,
      apiOrigin: env.SEARCH_CONSOLE_API_ORIGIN,
      tokenUrl: env.SEARCH_CONSOLE_TOKEN_URL,
    };
  },
});
