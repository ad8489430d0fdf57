import { z } from 'zod';

export const LIMITS = { companyName: 100, description: 1000, location: 100, audience: 200, value: 60, values: 10 } as const;
export const COMPANY_REQUIRED = 'Company name is required';
export const DESCRIPTION_REQUIRED = 'Description is required';
export const MIN_YEAR = 1800;
export const MAX_YEAR = 2100;

const text = (max: number, label: string) =>
  z.string().transform((value) => value.replace(/\s+/g, ' ').trim()).pipe(z.string().max(max, `${label} must be ${max} characters or fewer.`));

export function splitValues(raw: string): string[] {
  return raw.split(/[,\n\r]+/).map((value) => value.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** The form as typed; the widget runs it before generating so every limit reads the same everywhere. */
export const aboutFormSchema = z.object({
  companyName: text(LIMITS.companyName, 'Company name').pipe(z.string().min(1, COMPANY_REQUIRED)),
  description: text(LIMITS.description, 'Description').pipe(z.string().min(1, DESCRIPTION_REQUIRED)),
  foundedYear: z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d{4}$/.test(value) && Number(value) >= MIN_YEAR && Number(value) <= MAX_YEAR), {
      message: `Founding year must be a year between ${MIN_YEAR} and ${MAX_YEAR}.`,
    })
    .transform((value) => (value ? Number(value) : undefined)),
  location: text(LIMITS.location, 'Location').transform((value) => value || undefined),
  audience: text(LIMITS.audience, 'Audience').transform((value) => value || undefined),
  values: z
    .string()
    .transform(splitValues)
    .pipe(
      z
        .array(z.string().max(LIMITS.value, `Each value must be ${LIMITS.value} characters or fewer.`))
        .max(LIMITS.values, `Please list at most ${LIMITS.values} values.`),
    ),
});

export type AboutForm = z.input<typeof aboutFormSchema>;
export type AboutInput = z.output<typeof aboutFormSchema>;

export interface AboutSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface AboutPage {
  title: string;
  sections: AboutSection[];
}
