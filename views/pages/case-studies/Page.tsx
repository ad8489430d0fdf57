import { Faq } from '#views/components/Faq.tsx';
import { definePage } from '#views/page.ts';
import { RelatedLinks } from '#views/pages/shared/links.tsx';
import { ProseSections } from '#views/pages/shared/ProseArticle.tsx';
import { CaseStudyList, TestimonialList } from '#views/pages/shared/ProfileProof.tsx';
import { useBusiness } from '#views/site-context.ts';
import { engagement, faq, heading, intro, links, meta } from './content.ts';

function CaseStudiesPage() {
  const business = useBusiness();
  return (
    <article className="content-page">
      <header className="page-hero">
        <h1>{heading}</h1>
        <p className="lead">{intro(business)}</p>
      </header>
      {business.caseStudies?.length ? <CaseStudyList studies={business.caseStudies} /> : null}
      {business.testimonials?.length ? (
        <section aria-labelledby="testimonials-heading">
          <h2 id="testimonials-heading">What clients say</h2>
          <TestimonialList items={business.testimonials} />
        </section>
      ) : null}
      <div className="prose">
        <ProseSections sections={engagement} />
      </div>
      <Faq items={faq} />
      <RelatedLinks links={links} />
    </article>
  );
}

export const caseStudiesPage = definePage({
  path: '/case-studies',
  navLabel: 'Case Studies',
  title: meta.title,
  description: meta.description,
  keywords: meta.keywords.join(', '),
  faq,
  Component: CaseStudiesPage,
});
