import type { LinkItem } from '#views/pages/shared/content-types.ts';
import { CtaButtons } from '#views/pages/shared/links.tsx';

/**
 * The first screen of every service and locality page: a static hero with the H1 and the calls to
 * action, nothing above it, so both are in view on a phone (390×844) and a laptop (1366×900).
 */
export function ServiceHero({
  eyebrow,
  heading,
  lead,
  links,
}: {
  eyebrow: string;
  heading: string;
  lead: string;
  links: LinkItem[];
}) {
  return (
    <section className="hero service-hero">
      <div className="hero-inner">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{heading}</h1>
        <p className="lead">{lead}</p>
        <CtaButtons links={links} />
      </div>
    </section>
  );
}
