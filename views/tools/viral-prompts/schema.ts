import { z } from 'zod';

export const CATEGORIES = ['image', 'video', 'text', 'audio'] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'image';
export const MAX_IDEA_LENGTH = 500;
export const COPY_FEEDBACK_MS = 2000;

export const CATEGORY_LABELS: Record<Category, string> = { image: 'Image', video: 'Video', text: 'Text', audio: 'Audio' };

const categoryMessage = `Category must be one of: ${CATEGORIES.join(', ')}.`;

export const listQuerySchema = z.object({
  category: z.enum(CATEGORIES, { error: categoryMessage }).default(DEFAULT_CATEGORY),
});

export const generateBodySchema = z.object(
  {
    input: z
      .string({ error: 'Send the idea as text in "input".' })
      .transform((value) => value.replace(/\s+/g, ' ').trim())
      .pipe(
        z
          .string()
          .min(1, 'Please describe your idea first.')
          .max(MAX_IDEA_LENGTH, `Please keep the idea to ${MAX_IDEA_LENGTH} characters or fewer.`),
      ),
    category: z.enum(CATEGORIES, { error: categoryMessage }).default(DEFAULT_CATEGORY),
  },
  { error: 'Send a JSON body like {"input": "a cat surfing at sunset"}.' },
);

export type GenerateBody = z.output<typeof generateBodySchema>;

export interface PromptListResponse {
  prompts: string[];
}

export interface PromptResponse {
  prompt: string;
}
