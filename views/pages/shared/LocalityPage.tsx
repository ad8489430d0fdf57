import { Faq } from '#views/components/Faq.tsx';
import { definePage, type PageDef } from '#views/page.ts';
import { useSite } from '#views/site-context.ts';
import { CaseStudyList, studiesForArea } from '#views/pages/shared/ProfileProof.tsx';
import { CardGrid } from '#views/pages/shared/CardGrid.tsx';
import { localityMaps } from '#views/pages/shared/images.ts';
import { JsonLd } from '#views/pages/shared/JsonLd.tsx';
import { CtaButtons } from '#views/pages/shared/links.tsx';
import { localBusinessJsonLd } from '#views/pages/shared/local-business.ts';
import type { LocalityContent } from '#views/pages/shared/locality-types.ts';
import { Picture } from '#views/pages/shared/Picture.tsx';
import { ProcessSteps } from '#views/pages/shared/ProcessSteps.tsx';
import { ServiceHero } from '#views/pages/shared/ServiceHero.tsx';

function LocalityArticle({ content }: { content: LocalityContent }) {
  const { siteUrl, business } = useSite();
  const studies = studiesForArea(business.caseStudies, content.locality);
  const mapImage = localityMaps[content.slug];
  const slugId = content.slug.slice(1);
  return (
    <article className="service-page">
      <JsonLd
        data={localBusinessJsonLd(siteUrl, business, {
          path: content.slug,
          description: content.meta.description,
          areaServed: content.areaServed,
        })}
      />
      <ServiceHero
        eyebrow={`Local SEO · ${content.locality}`}
        heading={content.hero.heading}
        lead={content.hero.lead}
        links={[content.hero.cta, ...(content.hero.secondary ? [content.hero.secondary] : [])]}
      />
      <div className="service-body">
        <section className="split">
          <div>
            <h2>{content.intro.heading}</h2>
            {content.intro.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
          {mapImage ? (
            <Picture
              name={mapImage}
              kind="map"
              className="illustration"
              alt={`Metro stops around ${content.locality}: ${content.areas.places.slice(0, 3).join('; ')}`}
              sizes="(max-width: 800px) 100vw, 480px"
            />
          ) : null}
        </section>
        <section>
          <h2>{content.areas.heading}</h2>
          <p>{content.areas.text}</p>
          <ul className="chip-list">
            {content.areas.places.map((place) => (
              <li key={place}>{place}</li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{content.businessMix.heading}</h2>
          <CardGrid cards={content.businessMix.cards} />
        </section>
        <section>
          <h2>{content.services.heading}</h2>
          <CardGrid cards={content.services.cards} className="card-grid two" />
        </section>
        <section>
          <h2>{content.process.heading}</h2>
          <ProcessSteps steps={content.process.steps} id={`${slugId}-process`} />
        </section>
        <section className="prose">
          <h2>{content.localSearch.heading}</h2>
          {content.localSearch.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
        <section>
          <h2>{content.benefits.heading}</h2>
          <ul className="check-list">
            {content.benefits.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        {studies.length ? (
          <section className="result-card" aria-labelledby={`${slugId}-results`}>
            <h2 id={`${slugId}-results`}>Results in {content.locality}</h2>
            <CaseStudyList studies={studies} level={3} />
          </section>
        ) : null}
        <Faq items={content.faq} />
        <section className="cta-band" id="contact">
          <h2>{content.cta.heading}</h2>
          <p>{content.cta.text}</p>
          <CtaButtons
            links={[
              { href: '/seo-audit', label: 'Run a free SEO audit' },
              { href: '/contact-me', label: 'Contact us' },
              { href: '/seo-packages', label: 'See SEO packages' },
            ]}
          />
        </section>
      </div>
    </article>
  );
}

export function localityPage(options: { content: LocalityContent; navLabel: string; aliases: string[] }): PageDef {
  const { content } = options;
  return definePage({
    path: content.slug,
    navLabel: options.navLabel,
    title: content.meta.title,
    description: content.meta.description,
    keywords: content.meta.keywords.join(', '),
    faq: content.faq,
    aliases: options.aliases,
    Component: () => <LocalityArticle content={content} />,
  });
}
