// Kept apart from schema.ts so the island can show limits without bundling zod.
export const MAX_REDIRECT_URLS = 100;
export { MAX_URL_LENGTH } from '#views/model/url-input.ts';
