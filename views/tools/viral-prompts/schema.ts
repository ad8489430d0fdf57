import { z } from 'zod';
import { MAX_IDEA_LENGTH } from './rules.ts';
import { CATEGORIES, DEFAULT_CATEGORY } from '#views/model/viral-prompts.ts';

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
