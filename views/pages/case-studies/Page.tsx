import { Faq } from '#views/components/Faq.tsx';
import { definePage } from '#views/page.ts';
import { RelatedLinks } from '#views/pages/shared/links.tsx';
import { caseStudies, faq, heading, intro, links, meta } from './content.ts';

function CaseStudiesPage() {
  return (
    <article className="content-page">
      <header className="page-hero">
        <h1>{heading}</h1>
        <p className="lead">{intro}</p>
      </header>
      {caseStudies.map((study) => (
        <section key={study.id} id={study.id} className="case-study" aria-labelledby={`${study.id}-heading`}>
          <h2 id={`${study.id}-heading`}>{study.client}</h2>
          <p className="case-meta">
            {study.sector} · {study.duration}
          </p>
          <h3>The challenge</h3>
          <p>{study.challenge}</p>
          <h3>What we did</h3>
          <ul>
            {study.work.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h3>Results</h3>
          <ul className="result-chips">
            {study.results.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
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
