/**
 * The form's limits and checks. Plain functions rather than zod: this tool has no API (the page is
 * written in the browser), and zod would add ~450 KB to the widget's chunk.
 */
export const LIMITS = { companyName: 100, description: 1000, location: 100, audience: 200, value: 60, values: 10 } as const;
export const COMPANY_REQUIRED = 'Company name is required';
export const DESCRIPTION_REQUIRED = 'Description is required';
export const MIN_YEAR = 1800;
export const MAX_YEAR = 2100;
export const YEAR_INVALID = `Founding year must be a year between ${MIN_YEAR} and ${MAX_YEAR}.`;

/** The form as typed. */
export interface AboutForm {
  companyName: string;
  description: string;
  foundedYear: string;
  location: string;
  audience: string;
  values: string;
}

/** The form once checked and tidied. */
export interface AboutInput {
  companyName: string;
  description: string;
  foundedYear?: number;
  location?: string;
  audience?: string;
  values: string[];
}

export interface AboutSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface AboutPage {
  title: string;
  sections: AboutSection[];
}

export type AboutFormResult = { ok: true; input: AboutInput } | { ok: false; error: string };

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Comma or newline separated; repeats (in any case) are dropped so each value is described once. */
export function splitValues(raw: string): string[] {
  const seen = new Set<string>();
  return raw
    .split(/[,\n\r]+/)
    .map(tidy)
    .filter((value) => {
      const key = value.toLowerCase();
      if (!value || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function tooLong(label: string, max: number): string {
  return `${label} must be ${max} characters or fewer.`;
}

export function validateAboutForm(form: AboutForm): AboutFormResult {
  const companyName = tidy(form.companyName);
  const description = tidy(form.description);
  const location = tidy(form.location);
  const audience = tidy(form.audience);
  const year = form.foundedYear.trim();
  const values = splitValues(form.values);
  if (!companyName) return { ok: false, error: COMPANY_REQUIRED };
  if (companyName.length > LIMITS.companyName) return { ok: false, error: tooLong('Company name', LIMITS.companyName) };
  if (!description) return { ok: false, error: DESCRIPTION_REQUIRED };
  if (description.length > LIMITS.description) return { ok: false, error: tooLong('Description', LIMITS.description) };
  if (year && !(/^\d{4}$/.test(year) && Number(year) >= MIN_YEAR && Number(year) <= MAX_YEAR)) return { ok: false, error: YEAR_INVALID };
  if (location.length > LIMITS.location) return { ok: false, error: tooLong('Location', LIMITS.location) };
  if (audience.length > LIMITS.audience) return { ok: false, error: tooLong('Audience', LIMITS.audience) };
  if (values.length > LIMITS.values) return { ok: false, error: `Please list at most ${LIMITS.values} values.` };
  if (values.some((value) => value.length > LIMITS.value)) return { ok: false, error: tooLong('Each value', LIMITS.value) };
  return {
    ok: true,
    input: {
      companyName,
      description,
      foundedYear: year ? Number(year) : undefined,
      location: location || undefined,
      audience: audience || undefined,
      values,
    },
  };
}
