import type { ReactNode } from 'react';
import { Faq } from '#views/components/Faq.tsx';
import { definePage, type PageDef } from '#views/page.ts';
import type { Business } from '#views/business.ts';
import type { ProsePage, Section } from '#views/pages/shared/content-types.ts';
import { RelatedLinks } from '#views/pages/shared/links.tsx';
import { useBusiness } from '#views/site-context.ts';

/** Headed prose sections: paragraphs and an optional bullet list each. */
export function ProseSections({ sections }: { sections: Section[] }) {
  return sections.map((section) => (
    <section key={section.heading} id={section.id} aria-labelledby={section.id ? `${section.id}-heading` : undefined}>
      <h2 id={section.id ? `${section.id}-heading` : undefined}>{section.heading}</h2>
      {section.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {section.bullets ? (
        <ul>
          {section.bullets.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </section>
  ));
}

/**
 * Category, legal and info pages: heading, lead, sections, optional FAQ and related links.
 * `children` is what a page shows before its sections (the core updates log).
 */
export function ProseArticle({ content, children }: { content: ProsePage; children?: ReactNode }) {
  return (
    <article className="content-page">
      <header className="page-hero">
        <h1>{content.heading}</h1>
        {content.updated ? <p className="updated">Last updated: {content.updated}</p> : null}
        {content.intro.map((text) => (
          <p key={text} className="lead">
            {text}
          </p>
        ))}
      </header>
      <div className="prose">
        {children}
        <ProseSections sections={content.sections} />
      </div>
      {content.faq?.length ? <Faq items={content.faq} /> : null}
      {content.links?.length ? <RelatedLinks links={content.links} /> : null}
    </article>
  );
}

/** A prose page's copy, or a function of the operator's profile when the copy names the business. */
export type ProseContent = ProsePage | ((business: Business) => ProsePage);

/** A route-table entry for a prose page: head metadata and FAQ come straight from its content module. */
export function prosePage(options: {
  path: string;
  navLabel: string;
  content: ProseContent;
  aliases?: string[];
}): PageDef {
  const { content } = options;
  if (typeof content === 'function') {
    return definePage({
      path: options.path,
      navLabel: options.navLabel,
      title: (business) => content(business).meta.title,
      description: (business) => content(business).meta.description,
      keywords: (business) => content(business).meta.keywords.join(', '),
      faq: (business) => content(business).faq ?? [],
      aliases: options.aliases,
      Component: function ProfileProse() {
        return <ProseArticle content={content(useBusiness())} />;
      },
    });
  }
  return definePage({
    path: options.path,
    navLabel: options.navLabel,
    title: content.meta.title,
    description: content.meta.description,
    keywords: content.meta.keywords.join(', '),
    faq: content.faq,
    aliases: options.aliases,
    Component: () => <ProseArticle content={content} />,
  });
}
