import { z } from 'zod';

/** One curated site. `da` and `spam` are third-party metrics and stay absent when not known. */
export const directorySiteSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().trim().min(2).max(60),
  url: z
    .string()
    .url()
    .refine((value) => new URL(value).protocol === 'https:', 'URLs must be https'),
  description: z.string().trim().min(20).max(200),
  da: z.number().int().min(1).max(100).optional(),
  spam: z.number().int().min(0).max(100).optional(),
});

export type DirectorySite = z.infer<typeof directorySiteSchema>;

/** Month the DA/spam figures were read, e.g. `2024-06`. */
const asOfSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'asOf must look like YYYY-MM');

export const directoryListSchema = z
  .object({ asOf: asOfSchema, sites: z.array(directorySiteSchema).min(1) })
  .superRefine((list, ctx) => {
    const seenIds = new Set<number>();
    const seenUrls = new Set<string>();
    for (const [index, site] of list.sites.entries()) {
      if (seenIds.has(site.id)) ctx.addIssue({ code: 'custom', path: ['sites', index, 'id'], message: `duplicate id ${site.id}` });
      seenIds.add(site.id);
      const key = normaliseUrl(site.url);
      if (seenUrls.has(key)) ctx.addIssue({ code: 'custom', path: ['sites', index, 'url'], message: `duplicate url ${site.url}` });
      seenUrls.add(key);
    }
  });

export type DirectoryList = z.infer<typeof directoryListSchema>;

/** Two spellings of one address (www., trailing slash, case) count as the same site. */
export function normaliseUrl(value: string): string {
  const url = new URL(value);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '').toLowerCase();
  return `${host}${path}${url.search}`;
}
