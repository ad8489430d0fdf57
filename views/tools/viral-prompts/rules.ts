import type { Category } from '#views/model/viral-prompts.ts';

/** Limits, labels and response shapes without zod, so the widget's chunk stays small. */
export const MAX_IDEA_LENGTH = 500;
export const COPY_FEEDBACK_MS = 2000;

export const CATEGORY_LABELS: Record<Category, string> = {
  image: 'Image',
  video: 'Video',
  text: 'Text',
  audio: 'Audio',
};

export interface PromptListResponse {
  prompts: string[];
}

export interface PromptResponse {
  prompt: string;
}
