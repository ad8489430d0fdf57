import { z } from 'zod';
import { LINK_TYPES, normaliseUrl, REGIONS_FIRST } from './logic.ts';

export { normaliseUrl };

/**
 * One curated site. `region` says who can use it (`India`, `Global`, or a country); `linkType`
 * is what a link you place there usually is, left out when we do not know it. `da` and `spam`
 * are third-party metrics, allowed only when the list names their source and month.
 */
export const directorySiteSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().trim().min(2).max(60),
  url: z
    .string()
    .url()
    .refine((value) => new URL(value).protocol === 'https:', 'URLs must be https'),
  region: z
    .string()
    .regex(/^[A-Z][A-Za-z .'-]{1,39}$/, 'region must be India, Global or a country name')
    .refine(
      (value) =>
        REGIONS_FIRST.includes(value) ||
        !['india', 'global', 'worldwide', 'international'].includes(value.toLowerCase()),
      'write India or Global exactly',
    ),
  linkType: z.enum(LINK_TYPES).optional(),
  description: z.string().trim().min(20).max(200),
  da: z.number().int().min(1).max(100).optional(),
  spam: z.number().int().min(0).max(100).optional(),
});

export type DirectorySite = z.infer<typeof directorySiteSchema>;

/** Month the DA/spam figures were read, e.g. `2024-06`. */
const asOfSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'asOf must look like YYYY-MM');

/** Where DA and spam figures came from; without it a list carries no figures at all. */
const metricsSchema = z.strictObject({ source: z.string().trim().min(3).max(80), asOf: asOfSchema });

export const directoryListSchema = z
  .strictObject({ metrics: metricsSchema.optional(), sites: z.array(directorySiteSchema).min(1) })
  .superRefine((list, ctx) => {
    const seenIds = new Set<number>();
    const seenUrls = new Set<string>();
    for (const [index, site] of list.sites.entries()) {
      if (seenIds.has(site.id))
        ctx.addIssue({ code: 'custom', path: ['sites', index, 'id'], message: `duplicate id ${site.id}` });
      seenIds.add(site.id);
      const key = normaliseUrl(site.url);
      if (seenUrls.has(key))
        ctx.addIssue({ code: 'custom', path: ['sites', index, 'url'], message: `duplicate url ${site.url}` });
      seenUrls.add(key);
      if (!list.metrics && (site.da !== undefined || site.spam !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sites', index],
          message: `${site.name} has a DA or spam figure but the list names no source and month`,
        });
      }
    }
  });

export type DirectoryList = z.infer<typeof directoryListSchema>;
