// Kept apart from schema.ts so the island can show limits without bundling zod.
export const MAX_REDIRECT_URLS = 100;
export const MAX_URL_LENGTH = 2048;
