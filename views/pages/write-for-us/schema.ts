import { z } from 'zod';
import { articleLimits } from '#views/pages/shared/form-limits.ts';
import { parseForm, requiredEmail, requiredText } from '#views/pages/shared/form-schema.ts';

export const articleSchema = z.object({
  title: requiredText('Title', articleLimits.title),
  author: requiredText('Author name', articleLimits.author),
  // So the promised reply (accepted or not) can reach the author.
  email: requiredEmail('Email', articleLimits.email),
  content: requiredText('Content', articleLimits.content, { multiline: true }),
});

export type ArticleInput = z.infer<typeof articleSchema>;

export function parseArticle(body: unknown) {
  return parseForm(articleSchema, body);
}
