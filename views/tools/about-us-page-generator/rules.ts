/**
 * The form's limits and checks. Plain functions rather than zod: this tool has no API (the page is
 * written in the browser), and zod would add ~450 KB to the widget's chunk.
 */
export const LIMITS = {
  companyName: 100,
  description: 1000,
  story: 1500,
  location: 100,
  audience: 200,
  value: 60,
  values: 10,
  offering: 120,
  offerings: 20,
  reason: 160,
  reasons: 10,
  contact: 200,
} as const;
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
  story: string;
  offerings: string;
  audience: string;
  values: string;
  reasons: string;
  contact: string;
}

/** The form before anything is typed. */
export const EMPTY_ABOUT_FORM: AboutForm = {
  companyName: '',
  description: '',
  foundedYear: '',
  location: '',
  story: '',
  offerings: '',
  audience: '',
  values: '',
  reasons: '',
  contact: '',
};

/** The form once checked and tidied. */
export interface AboutInput {
  companyName: string;
  description: string;
  foundedYear?: number;
  location?: string;
  story?: string;
  offerings: string[];
  audience?: string;
  values: string[];
  reasons: string[];
  contact?: string;
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

/** Repeats (in any case) are dropped so each item is said once. */
function uniqueItems(items: string[]): string[] {
  const seen = new Set<string>();
  return items.map(tidy).filter((item) => {
    const key = item.toLowerCase();
    if (!item || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Values: comma or newline separated. */
export function splitValues(raw: string): string[] {
  return uniqueItems(raw.split(/[,\n\r]+/));
}

/** Offerings and reasons: one per line (they may contain commas). */
export function splitLines(raw: string): string[] {
  return uniqueItems(raw.split(/[\n\r]+/));
}

function tooLong(label: string, max: number): string {
  return `${label} must be ${max} characters or fewer.`;
}

function listProblem(items: string[], label: string, maxItems: number, maxLength: number, each: string): string | null {
  if (items.length > maxItems) return `Please list at most ${maxItems} ${label}.`;
  if (items.some((item) => item.length > maxLength)) return tooLong(each, maxLength);
  return null;
}

export function validateAboutForm(form: AboutForm): AboutFormResult {
  const companyName = tidy(form.companyName);
  const description = tidy(form.description);
  const story = tidy(form.story);
  const location = tidy(form.location);
  const audience = tidy(form.audience);
  const contact = tidy(form.contact);
  const year = form.foundedYear.trim();
  const values = splitValues(form.values);
  const offerings = splitLines(form.offerings);
  const reasons = splitLines(form.reasons);
  if (!companyName) return { ok: false, error: COMPANY_REQUIRED };
  if (companyName.length > LIMITS.companyName) return { ok: false, error: tooLong('Company name', LIMITS.companyName) };
  if (!description) return { ok: false, error: DESCRIPTION_REQUIRED };
  if (description.length > LIMITS.description) return { ok: false, error: tooLong('Description', LIMITS.description) };
  if (year && !(/^\d{4}$/.test(year) && Number(year) >= MIN_YEAR && Number(year) <= MAX_YEAR))
    return { ok: false, error: YEAR_INVALID };
  if (location.length > LIMITS.location) return { ok: false, error: tooLong('Location', LIMITS.location) };
  if (story.length > LIMITS.story) return { ok: false, error: tooLong('Your story', LIMITS.story) };
  if (audience.length > LIMITS.audience) return { ok: false, error: tooLong('Audience', LIMITS.audience) };
  if (contact.length > LIMITS.contact) return { ok: false, error: tooLong('Contact details', LIMITS.contact) };
  const listError =
    listProblem(offerings, 'products or services', LIMITS.offerings, LIMITS.offering, 'Each product or service') ??
    listProblem(values, 'values', LIMITS.values, LIMITS.value, 'Each value') ??
    listProblem(reasons, 'reasons', LIMITS.reasons, LIMITS.reason, 'Each reason');
  if (listError) return { ok: false, error: listError };
  return {
    ok: true,
    input: {
      companyName,
      description,
      foundedYear: year ? Number(year) : undefined,
      location: location || undefined,
      story: story || undefined,
      offerings,
      audience: audience || undefined,
      values,
      reasons,
      contact: contact || undefined,
    },
  };
}
