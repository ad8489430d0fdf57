import { z } from 'zod';
import { urlListSchema } from '#views/lib/url-list-schema.ts';

import { MAX_INDEX_URLS, MAX_URL_LENGTH } from './rules.ts';

export { MAX_INDEX_URLS, MAX_URL_LENGTH };

export const indexCheckRequestSchema = z.object({ urls: urlListSchema(MAX_INDEX_URLS) });
