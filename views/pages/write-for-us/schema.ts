import { z } from 'zod';
import { articleLimits } from '#views/pages/shared/form-limits.ts';
import { optionalPage, parseForm, requiredEmail, requiredText } from '#views/pages/shared/form-schema.ts';

export const articleSchema = z.object({
  title: requiredText('Title', articleLimits.title),
  author: requiredText('Author name', articleLimits.author),
  // So the promised reply (accepted or not) can reach the author.
  email: requiredEmail('Email', articleLimits.email),
  content: requiredText('Content', articleLimits.content, { multiline: true }),
  /** Hidden: the page the form is on and the page of this site before it (decision 0047). */
  formPage: optionalPage(),
  sourcePage: optionalPage(),
});

export type ArticleInput = z.infer<typeof articleSchema>;

export function parseArticle(body: unknown) {
  return parseForm(articleSchema, body);
}
