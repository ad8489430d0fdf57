import type { Business } from '#views/business.ts';
import { Faq } from '#views/components/Faq.tsx';
import { formatDay } from '#views/lib/dates.ts';
import { definePage, type PageDef } from '#views/page.ts';
import { useBusiness } from '#views/site-context.ts';
import type { Guide, GuideSection } from './guide-types.ts';
import { findGuide, guides, wordCount } from './guides.ts';

export function guidePath(guide: Pick<Guide, 'slug'>): string {
  return `/seo-guides/${guide.slug}`;
}

/** Minutes at an unhurried 200 words a minute, never less than one. */
export function readingMinutes(guide: Guide): number {
  return Math.max(1, Math.round(wordCount(guide) / 200));
}

/**
 * Who signs the guides: the first person of the profile's team when the operator lists one (the
 * README says so), else the business itself. Never a made-up person.
 */
export function guideAuthor(business: Business): { name: string; role?: string } {
  const [first] = business.team ?? [];
  return first ? { name: first.name, role: first.role } : { name: business.name };
}

/** Author, published and reviewed dates, as the page and the JSON-LD state them. */
export function GuideDates({ guide }: { guide: Guide }) {
  const author = guideAuthor(useBusiness());
  return (
    <p className="guide-meta">
      {`By ${author.role ? `${author.name}, ${author.role}` : author.name} · Published `}
      <time dateTime={guide.published}>{formatDay(guide.published)}</time>
      {' · Reviewed '}
      <time dateTime={guide.reviewed}>{formatDay(guide.reviewed)}</time>
      {` · ${readingMinutes(guide)} min read`}
    </p>
  );
}

function Section({ section }: { section: GuideSection }) {
  const List = section.list?.ordered ? 'ol' : 'ul';
  return (
    <section id={section.id} aria-labelledby={`${section.id}-heading`}>
      <h2 id={`${section.id}-heading`}>{section.heading}</h2>
      {section.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {section.list ? (
        <List>
          {section.list.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      ) : null}
    </section>
  );
}

function GuideArticle({ guide }: { guide: Guide }) {
  const related = guide.related.map((slug) => findGuide(slug)).filter((found): found is Guide => Boolean(found));
  return (
    <article className="content-page guide">
      <header className="page-hero">
        <p className="eyebrow">
          <a href="/seo-guides">SEO guides</a>
        </p>
        <h1>{guide.heading}</h1>
        <GuideDates guide={guide} />
        <p className="lead">{guide.summary}</p>
      </header>
      <nav className="guide-contents" aria-label="On this page">
        <h2>On this page</h2>
        <ol>
          {guide.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose">
        {guide.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
      </div>
      <aside className="guide-tools" aria-labelledby="guide-tools-heading">
        <h2 id="guide-tools-heading">Free tools that help with this</h2>
        <ul>
          {guide.tools.map((tool) => (
            <li key={tool.href}>
              <a href={tool.href}>{tool.label}</a>: {tool.why}.
            </li>
          ))}
        </ul>
      </aside>
      {guide.faq?.length ? <Faq items={guide.faq} /> : null}
      <nav className="related-links" aria-label="Related guides">
        <h2>Related guides</h2>
        <ul>
          {related.map((other) => (
            <li key={other.slug}>
              <a href={guidePath(other)}>{other.heading}</a>
            </li>
          ))}
          <li>
            <a href="/seo-guides">All SEO guides</a>
          </li>
        </ul>
      </nav>
    </article>
  );
}

/** Article JSON-LD: headline, dates and author as the page shows them. */
function articleJsonLd(guide: Guide, business: Business): Record<string, unknown> {
  const organisation = { '@type': 'Organization', name: business.name };
  const author = guideAuthor(business);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: guide.heading,
    description: guide.description,
    datePublished: guide.published,
    dateModified: guide.reviewed,
    author: author.role
      ? { '@type': 'Person', name: author.name, jobTitle: author.role, worksFor: organisation }
      : organisation,
    publisher: organisation,
    inLanguage: 'en-IN',
  };
}

export const guidePages: PageDef[] = guides.map((guide) => {
  function GuideRoute() {
    return <GuideArticle guide={guide} />;
  }
  GuideRoute.displayName = `Guide(${guide.slug})`;
  return definePage({
    path: guidePath(guide),
    navLabel: guide.title,
    title: guide.title,
    description: guide.description,
    keywords: guide.keywords.join(', '),
    faq: guide.faq,
    jsonLd: (business) => [articleJsonLd(guide, business)],
    ogType: 'article',
    Component: GuideRoute,
  });
});
