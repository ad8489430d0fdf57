import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import { ProseSections } from '#views/pages/shared/ProseArticle.tsx';
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
        <ProseSections sections={guidelines} />
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
