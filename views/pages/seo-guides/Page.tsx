import { definePage } from '#views/page.ts';
import { RelatedLinks } from '#views/pages/shared/links.tsx';
import { seoGuides } from './content.ts';
import { GuideDates, guidePath } from './GuidePage.tsx';
import { guides } from './guides.ts';

/** The index: every guide with its summary and dates. */
function SeoGuidesIndex() {
  return (
    <article className="content-page">
      <header className="page-hero">
        <h1>{seoGuides.heading}</h1>
        {seoGuides.intro.map((text) => (
          <p key={text} className="lead">
            {text}
          </p>
        ))}
      </header>
      <ul className="guide-list">
        {guides.map((guide) => (
          <li key={guide.slug} className="guide-card">
            <h2>
              <a href={guidePath(guide)}>{guide.heading}</a>
            </h2>
            <GuideDates guide={guide} />
            <p>{guide.summary}</p>
          </li>
        ))}
      </ul>
      {seoGuides.links?.length ? <RelatedLinks links={seoGuides.links} /> : null}
    </article>
  );
}

export const seoGuidesPage = definePage({
  path: '/seo-guides',
  navLabel: 'SEO Guides',
  title: seoGuides.meta.title,
  description: seoGuides.meta.description,
  keywords: seoGuides.meta.keywords.join(', '),
  Component: SeoGuidesIndex,
});
