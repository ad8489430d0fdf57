import { Faq } from '#views/components/Faq.tsx';
import { ToolIcon } from '#views/components/ToolIcon.tsx';
import { definePage } from '#views/page.ts';
import { JsonLd } from '#views/pages/shared/JsonLd.tsx';
import { CtaButtons, useLinkable } from '#views/pages/shared/links.tsx';
import { organizationJsonLd } from '#views/pages/shared/local-business.ts';
import { caseStudyId, TestimonialList } from '#views/pages/shared/ProfileProof.tsx';
import { SEO_PACKAGES } from '#views/model/plans.ts';
import { useSite } from '#views/site-context.ts';
import { featuredFirst, TOOLS } from '#views/model/tools-hub.ts';
import { AuditBox } from './AuditBox.tsx';
import { faq, hero, localities, pricingTeaser, services } from './content.ts';

/** Case studies and testimonials exactly as the operator's profile gives them; none, no section. */
function ProofSection() {
  const { business } = useSite();
  const studies = (business.caseStudies ?? []).slice(0, 3);
  const testimonials = (business.testimonials ?? []).slice(0, 3);
  if (studies.length === 0 && testimonials.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-results">
      <h2 id="home-results">Results</h2>
      {studies.length ? (
        <ul className="home-cards">
          {studies.map((study, index) => (
            <li key={caseStudyId(study, index)} className="home-card">
              <h3>
                <a href={`/case-studies#${caseStudyId(study, index)}`}>{study.client}</a>
              </h3>
              <ul className="result-chips">
                {study.results.map((result) => (
                  <li key={result}>{result}</li>
                ))}
              </ul>
              {study.duration || study.source ? (
                <p className="case-source">
                  {[study.duration, study.source && `Source: ${study.source}`].filter(Boolean).join(' · ')}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {testimonials.length ? <TestimonialList items={testimonials} /> : null}
      <p>
        <a href="/case-studies">Read the case studies</a>
      </p>
    </section>
  );
}

function HomePage() {
  const { siteUrl, business, nav } = useSite();
  const linkable = useLinkable();
  const existing = new Set(nav.paths);
  const tools = featuredFirst(TOOLS.filter((tool) => existing.has(tool.path) && tool.featured !== undefined));
  return (
    <>
      <JsonLd data={organizationJsonLd(siteUrl, business)} />
      <section className="hero home-hero">
        <div className="hero-inner home-hero-inner">
          <div className="home-hero-text">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1>{hero.heading}</h1>
            <p className="lead">{hero.lead(business)}</p>
            <CtaButtons links={[hero.primary, hero.secondary]} />
          </div>
          <AuditBox />
        </div>
      </section>
      <div className="home-body">
        <section className="home-section" aria-labelledby="home-services">
          <h2 id="home-services">What we do</h2>
          <ul className="home-cards">
            {services.map((service) => (
              <li key={service.title} className="home-card">
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
          <p>
            <a href="/seo-services-delhi">How we work with Delhi businesses</a>
          </p>
        </section>
        <section className="home-section" aria-labelledby="home-localities">
          <h2 id="home-localities">Where we work</h2>
          <ul className="locality-links">
            {localities
              .filter((link) => linkable(link.href))
              .map((link) => (
                <li key={link.href}>
                  <a href={link.href}>SEO in {link.label}</a>
                </li>
              ))}
          </ul>
        </section>
        <section className="home-section pricing-teaser" aria-labelledby="home-pricing">
          <h2 id="home-pricing">{pricingTeaser.heading}</h2>
          <p>{pricingTeaser.text}</p>
          <ul className="home-cards">
            {SEO_PACKAGES.map((plan) => (
              <li key={plan.id} className="home-card">
                <h3>{plan.name}</h3>
                <p>{plan.bestFor}</p>
              </li>
            ))}
          </ul>
          <p>
            <a className="button secondary" href={pricingTeaser.link.href}>
              {pricingTeaser.link.label}
            </a>
          </p>
        </section>
        <ProofSection />
        {tools.length ? (
          <section className="home-section" aria-labelledby="home-tools">
            <h2 id="home-tools">Free SEO tools</h2>
            <p>The tools we use on client work, free for you: no sign-up.</p>
            <ul className="home-tools">
              {tools.map((tool) => (
                <li key={tool.path}>
                  <a href={tool.path}>
                    <ToolIcon name={tool.icon} />
                    <span>
                      <strong>{tool.name}</strong>
                      <span>{tool.description}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
            <p>
              <a href="/try-free-tools">See all free SEO tools</a>
            </p>
          </section>
        ) : null}
        <Faq items={faq(business)} />
      </div>
      <section className="cta-band">
        <h2>Tell us about your site</h2>
        <p>A consultant reads every message and replies with what we would do first.</p>
        <CtaButtons links={[hero.primary, { href: '/seo-audit', label: 'Run a free SEO audit' }]} />
      </section>
    </>
  );
}

export const homePage = definePage({
  path: '/',
  navLabel: 'Home',
  title: (business) => `${business.name} – SEO Services in Delhi NCR and Free SEO Tools`,
  description:
    'SEO services for Delhi NCR businesses plus free SEO tools: site audit, XML sitemap generator, redirect and index checkers, YouTube and image tools.',
  keywords: 'SEO services Delhi, free SEO tools, SEO audit, sitemap generator, Delhi NCR SEO company',
  faq,
  Component: HomePage,
});
