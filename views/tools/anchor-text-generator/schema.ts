import { z } from 'zod';
import { parseDomain } from '../url-input.ts';
import {
  cleanKeywords,
  KEYWORD_TOO_LONG,
  keywordProblem,
  MAX_BRAND_LENGTH,
  MAX_KEYWORD_LENGTH,
  MAX_KEYWORDS,
  TOO_MANY_KEYWORDS,
} from './rules.ts';

const optionalText = (max: number, message: string) =>
  z
    .string({ error: 'Brand and website must be text.' })
    .max(max * 4, message)
    .optional()
    .transform((value) => value?.replace(/\s+/g, ' ').trim() || undefined)
    .refine((value) => value === undefined || [...value].length <= max, message);

export const generateRequestSchema = z.object(
  {
    // The raw array is capped well above the limit so junk is refused before any per-item work.
    keywords: z
      .array(z.string({ error: 'Each keyword must be text.' }).max(MAX_KEYWORD_LENGTH * 4, KEYWORD_TOO_LONG), {
        error: 'Send keywords as a list of strings.',
      })
      .max(MAX_KEYWORDS * 4, TOO_MANY_KEYWORDS)
      .transform(cleanKeywords)
      .superRefine((keywords, ctx) => {
        const problem = keywordProblem(keywords);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    brand: optionalText(MAX_BRAND_LENGTH, `The brand name must be ${MAX_BRAND_LENGTH} characters or fewer.`),
    website: optionalText(200, 'The website must be 200 characters or fewer.')
      .refine(
        (value) => value === undefined || parseDomain(value).ok,
        'Please enter your website as a domain such as example.com.',
      )
      .transform((value) => {
        if (value === undefined) return undefined;
        const parsed = parseDomain(value);
        return parsed.ok ? parsed.domain : undefined;
      }),
  },
  { error: 'Send a JSON body like {"keywords": ["seo services"]}.' },
);

export type GenerateRequest = z.output<typeof generateRequestSchema>;
