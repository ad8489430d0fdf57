import { Faq } from '#views/components/Faq.tsx';
import { definePage } from '#views/page.ts';
import { useSite } from '#views/site-context.ts';
import { CardGrid } from '#views/pages/shared/CardGrid.tsx';
import { JsonLd } from '#views/pages/shared/JsonLd.tsx';
import { CtaButtons } from '#views/pages/shared/links.tsx';
import { localBusinessJsonLd } from '#views/pages/shared/local-business.ts';
import { ProcessSteps } from '#views/pages/shared/ProcessSteps.tsx';
import { ServiceHero } from '#views/pages/shared/ServiceHero.tsx';
import {
  about,
  benefitCards,
  contactCta,
  faq,
  hero,
  measuredResults,
  meta,
  processSteps,
  services,
  slides,
} from './content.ts';
import { OfficeMap } from './OfficeMap.tsx';
import { Slider } from './Slider.tsx';
import { BenefitsTable, ClientResultsTable, StrategiesTable, ToolsTable } from './sections.tsx';

const PATH = '/seo-services-delhi';
const areaServed = ['Delhi', 'New Delhi', 'Rohini', 'Noida', 'Laxmi Nagar', 'Janakpuri', 'Delhi NCR'];

function DelhiPage() {
  const { siteUrl, business } = useSite();
  return (
    <article className="service-page">
      <JsonLd
        data={localBusinessJsonLd(siteUrl, business, { path: PATH, description: meta.description, areaServed })}
      />
      <ServiceHero
        eyebrow="SEO services · Delhi"
        heading={hero.heading}
        lead={hero.lead}
        links={[hero.cta, ...(hero.secondary ? [hero.secondary] : [])]}
      />
      <div className="service-body">
        <Slider slides={slides} />
        <section aria-labelledby="services-heading">
          <h2 id="services-heading">Our SEO services in Delhi</h2>
          <CardGrid cards={services} />
        </section>
        <section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading">What SEO does for a Delhi business</h2>
          <BenefitsTable />
        </section>
        <section aria-labelledby="tools-heading">
          <h2 id="tools-heading">Tools we use, free for you too</h2>
          <ToolsTable />
        </section>
        <section aria-labelledby="strategies-heading">
          <h2 id="strategies-heading">What works in SEO now, and what does not</h2>
          <StrategiesTable />
        </section>
        <section aria-labelledby="why-heading">
          <h2 id="why-heading">Why businesses choose us</h2>
          <CardGrid cards={benefitCards} className="card-grid four" />
        </section>
        <section aria-labelledby="process-heading">
          <h2 id="process-heading">Our six-step process</h2>
          <p>Hover over, tap or tab to a step to see what happens in it.</p>
          <ProcessSteps steps={processSteps} id="delhi-process" />
        </section>
        <section className="prose" aria-labelledby="about-heading">
          <h2 id="about-heading">{about.heading}</h2>
          {about.paragraphs(business).map((text) => (
            <p key={text}>{text}</p>
          ))}
          <p>
            <a href="/about">More about our team and how we work</a>
          </p>
        </section>
        <section aria-labelledby="results-heading">
          {business.caseStudies?.length ? (
            <>
              <h2 id="results-heading">Client results</h2>
              <ClientResultsTable studies={business.caseStudies} />
            </>
          ) : (
            <>
              <h2 id="results-heading">{measuredResults.heading}</h2>
              <p>{measuredResults.text}</p>
            </>
          )}
          <p>
            <a href="/case-studies">Read the full case studies</a> or compare our{' '}
            <a href="/seo-packages">SEO packages and prices</a>.
          </p>
        </section>
        <Faq items={faq} />
        <OfficeMap />
        <section className="cta-band" id="contact">
          <h2>{contactCta.heading}</h2>
          <p>{contactCta.text}</p>
          <CtaButtons links={[contactCta.primary, contactCta.secondary]} />
        </section>
      </div>
    </article>
  );
}

export const delhiPage = definePage({
  path: PATH,
  navLabel: 'SEO Services Delhi',
  title: meta.title,
  description: meta.description,
  keywords: meta.keywords.join(', '),
  faq,
  aliases: ['/local-seo-delhi'],
  Component: DelhiPage,
});
