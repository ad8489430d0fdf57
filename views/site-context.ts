import { createContext, useContext } from 'react';
import type { Business } from './business.ts';
import type { SiteIndexEntry } from './lib/site-search.ts';

export interface IslandAsset {
  /** URL of the island's module. */
  src: string;
  /** URLs of the chunks it imports statically (preloaded alongside). */
  imports: string[];
}

export interface AssetManifest {
  css: string;
  shell: string;
  entry: string;
  entryImports: string[];
  islands: Record<string, IslandAsset>;
  /** Hashed URLs of files under public/img, keyed by their path below it. */
  images: Record<string, string>;
}

export interface NavLink {
  href: string;
  label: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

/** A header entry: a plain link, or a dropdown of (headed) groups with an optional "see all" link. */
export type NavEntry = { label: string; href: string } | { label: string; groups: NavGroup[]; all?: NavLink };

export interface NavData {
  /** Header entries in order (Services, Pricing, Results, Free tools, About). */
  header: NavEntry[];
  /** The filled call-to-action button at the end of the header. */
  cta: NavLink | null;
  /** Footer columns. */
  footer: NavGroup[];
  /** Every page path of the route table (without parameters): what can be linked. */
  paths: string[];
}

export interface SiteInfo {
  siteUrl: string;
  assets: AssetManifest;
  nav: NavData;
  year: number;
  /** Show error details on the error screen (never in production). */
  showErrorDetails: boolean;
  nonce?: string;
  /** The operator's business (SITE_PROFILE), or the shipped sample. */
  business: Business;
  /** True while the site runs on the shipped sample profile: never indexable, and says so. */
  sample: boolean;
  /** Every listed page's title and description, for the site search on the 404 page. */
  siteIndex: SiteIndexEntry[];
}

export const SiteContext = createContext<SiteInfo | null>(null);

export function useSite(): SiteInfo {
  const site = useContext(SiteContext);
  if (!site) throw new Error('SiteContext is missing: render pages through server/pages/render.tsx');
  return site;
}

/** The business behind the site: name, contacts, address, team, testimonials, case studies. */
export function useBusiness(): Business {
  return useSite().business;
}

/** Hashed URL of an image shipped under public/img (e.g. `slides/audit.webp`). */
export function useImage(path: string): string {
  const { assets } = useSite();
  const url = assets.images[path];
  if (!url) throw new Error(`Unknown image "${path}": is it under public/img?`);
  return url;
}
