import type { LinkItem } from '#views/pages/shared/content-types.ts';

/** The four links the spec puts on the legal and contact pages; /contact is served as /contact-me. */
export const legalLinks: LinkItem[] = [
  { href: '/seo-audit', label: 'Free SEO audit' },
  { href: '/seo-services-delhi', label: 'SEO services in Delhi' },
  { href: '/seo-guides', label: 'SEO guides' },
  { href: '/contact-me', label: 'Contact us' },
];
