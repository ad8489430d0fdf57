import type { ReactNode } from 'react';
import { useSite } from '#views/site-context.ts';
import type { LinkItem } from '#views/pages/shared/content-types.ts';

/**
 * Whether a path can be linked: an in-page anchor or a page of the route table. Tools built by
 * other issues become links the moment their pages join the table, and never before, so the
 * crawl finds no 404.
 */
export function useLinkable(): (href: string) => boolean {
  const { nav } = useSite();
  const known = new Set(nav.paths);
  return (href) => href.startsWith('#') || known.has(href.split('#')[0]);
}

export function MaybeLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const linkable = useLinkable();
  return linkable(href) ? (
    <a href={href} className={className}>
      {children}
    </a>
  ) : (
    <>{children}</>
  );
}

/** A short "read next" list; entries whose page does not exist yet are left out. */
export function RelatedLinks({ links, heading = 'Related pages' }: { links: LinkItem[]; heading?: string }) {
  const linkable = useLinkable();
  const shown = links.filter((link) => linkable(link.href));
  if (shown.length === 0) return null;
  return (
    <nav className="related-links" aria-label={heading}>
      <h2>{heading}</h2>
      <ul>
        {shown.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Primary and secondary calls to action; a button whose page does not exist yet is left out. */
export function CtaButtons({ links }: { links: LinkItem[] }) {
  const linkable = useLinkable();
  return (
    <div className="hero-actions">
      {links
        .filter((link) => linkable(link.href))
        .map((link, index) => (
          <a key={link.href} className={index === 0 ? 'button' : 'button secondary'} href={link.href}>
            {link.label}
          </a>
        ))}
    </div>
  );
}
