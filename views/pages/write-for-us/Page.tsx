import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import { faq, guidelines, heading, intro, meta } from './content.ts';
import WriteForUsWidget from './Widget.tsx';

function WriteForUsPage() {
  return (
    <article className="content-page">
      <header className="page-hero">
        <h1>{heading}</h1>
        <p className="lead">{intro}</p>
      </header>
      <div className="prose">
        {guidelines.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
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
        ))}
      </div>
      <Island name="pages/write-for-us/Widget" component={WriteForUsWidget} props={{ idPrefix: 'article' }} />
      <Faq items={faq} />
    </article>
  );
}

export const writeForUsPage = definePage({
  path: '/write-for-us',
  navLabel: 'Write for Us',
  title: meta.title,
  description: meta.description,
  keywords: meta.keywords.join(', '),
  faq,
  Component: WriteForUsPage,
});
