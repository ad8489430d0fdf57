// Kept apart from schema.ts so the island can show limits and texts without bundling zod.
export const MAX_INDEX_URLS = 50;
export { MAX_URL_LENGTH } from '#views/model/url-input.ts';
