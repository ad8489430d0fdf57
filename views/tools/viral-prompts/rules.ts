/** Categories, limits and response shapes without zod, so the widget's chunk stays small. */
export const CATEGORIES = ['image', 'video', 'text', 'audio'] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'image';
export const MAX_IDEA_LENGTH = 500;
export const COPY_FEEDBACK_MS = 2000;

export const CATEGORY_LABELS: Record<Category, string> = { image: 'Image', video: 'Video', text: 'Text', audio: 'Audio' };

export interface PromptListResponse {
  prompts: string[];
}

export interface PromptResponse {
  prompt: string;
}
