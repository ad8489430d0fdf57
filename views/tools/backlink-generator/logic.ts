import { toCsv } from '#views/lib/csv.ts';
import { parseDomain } from '../url-input.ts';
import { SERVICES, type BacklinkService, type ServiceCategory } from '#views/model/backlink-services.ts';

export interface BacklinkLink {
  name: string;
  category: ServiceCategory;
  url: string;
}

export type BacklinkResult = { ok: true; domain: string; links: BacklinkLink[] } | { ok: false; error: string };

/** Fills one template; the domain is punycode ASCII, so it is safe in a path as is. */
export function fillTemplate(service: BacklinkService, domain: string): string {
  return service.template.replaceAll('{url}', encodeURIComponent(`https://${domain}/`)).replaceAll('{domain}', domain);
}

export function generateBacklinks(input: string, services: readonly BacklinkService[] = SERVICES): BacklinkResult {
  const parsed = parseDomain(input);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    domain: parsed.domain,
    links: services.map((service) => ({
      name: service.name,
      category: service.category,
      url: fillTemplate(service, parsed.domain),
    })),
  };
}

/** Splits the links into groups the browser will open without tripping its popup limits. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

export function backlinksToCsv(links: readonly BacklinkLink[]): string {
  return toCsv(
    ['Service', 'Category', 'URL'],
    links.map((link) => [link.name, link.category, link.url]),
  );
}
