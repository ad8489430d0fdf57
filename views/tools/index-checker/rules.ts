// Kept apart from schema.ts so the island can show limits and texts without bundling zod.
export const MAX_INDEX_URLS = 50;
export const MAX_URL_LENGTH = 2048;
