import { brand } from '#views/brand.ts';
import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import { RelatedLinks } from '#views/pages/shared/links.tsx';
import { faq, heading, intro, links, meta } from './content.ts';
import ContactWidget from './Widget.tsx';

function ContactPage() {
  return (
    <article className="content-page">
      <header className="page-hero">
        <h1>{heading}</h1>
        <p className="lead">{intro}</p>
      </header>
      <div className="contact-layout" id="contact">
        <Island name="pages/contact/Widget" component={ContactWidget} props={{ idPrefix: 'contact' }} />
        <aside className="contact-details" aria-label="Office details">
          <h2>Office</h2>
          <address>
            {brand.legalName}
            <br />
            {brand.address.street}
            <br />
            {brand.address.locality}, {brand.address.region} {brand.address.postalCode}
          </address>
          <p>Hours: {brand.hours}</p>
          <p>Meetings by appointment; most work happens on video calls.</p>
        </aside>
      </div>
      <Faq items={faq} />
      <RelatedLinks links={links} heading="Before you write" />
    </article>
  );
}

export const contactPage = definePage({
  path: '/contact-me',
  navLabel: 'Contact',
  title: meta.title,
  description: meta.description,
  keywords: meta.keywords.join(', '),
  faq,
  aliases: ['/contact', '/Contact'],
  Component: ContactPage,
});
