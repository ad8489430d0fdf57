import type { CaseStudy, Testimonial } from '#views/business.ts';

/** A stable anchor id for a case study, from how the client is described. */
export function caseStudyId(study: CaseStudy, index: number): string {
  const slug = study.client
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return slug ? `case-${slug}` : `case-${index + 1}`;
}

/**
 * Case studies exactly as the operator's profile states them: the site never invents a client, a
 * figure or a source. `level` is the heading level of each study's title.
 */
export function CaseStudyList({ studies, level = 2 }: { studies: CaseStudy[]; level?: 2 | 3 }) {
  const Title = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  return studies.map((study, index) => {
    const id = caseStudyId(study, index);
    const facts = [study.sector, study.area, study.duration].filter(Boolean).join(' · ');
    return (
      <section key={id} id={id} className="case-study" aria-labelledby={`${id}-heading`}>
        <Title id={`${id}-heading`}>{study.client}</Title>
        {facts ? <p className="case-meta">{facts}</p> : null}
        <Sub>The challenge</Sub>
        <p>{study.challenge}</p>
        <Sub>What we did</Sub>
        <ul>
          {study.work.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Sub>Results</Sub>
        <ul className="result-chips">
          {study.results.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        {study.source ? <p className="case-source">Source: {study.source}</p> : null}
      </section>
    );
  });
}

/** Testimonials from the profile, attributed as given. */
export function TestimonialList({ items }: { items: Testimonial[] }) {
  return (
    <ul className="testimonials">
      {items.map((item) => (
        <li key={`${item.name} ${item.quote.slice(0, 40)}`}>
          <figure>
            <blockquote>
              <p>{item.quote}</p>
            </blockquote>
            <figcaption>
              {item.name}, {item.role}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** Case studies the profile ties to a locality page (`area` matches the page's locality, any case). */
export function studiesForArea(studies: CaseStudy[] | undefined, locality: string): CaseStudy[] {
  const wanted = locality.trim().toLowerCase();
  return (studies ?? []).filter((study) => study.area?.trim().toLowerCase() === wanted);
}
