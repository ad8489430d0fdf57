import { telHref, whatsappHref } from '#views/business.ts';
import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage } from '#views/page.ts';
import { BusinessAddress } from '#views/pages/shared/BusinessAddress.tsx';
import { RelatedLinks } from '#views/pages/shared/links.tsx';
import { useBusiness } from '#views/site-context.ts';
import { faq, heading, intro, links, meta } from './content.ts';
import ContactWidget from './Widget.tsx';

function ContactPage() {
  const business = useBusiness();
  return (
    <article className="content-page">
      <header className="page-hero">
        <h1>{heading}</h1>
        <p className="lead">{intro}</p>
        {/* Plain links, no script: a phone dials or opens WhatsApp straight from the first screen. */}
        <p className="contact-actions">
          <a className="button" href={telHref(business.phone)}>
            {`Call ${business.phone}`}
          </a>
          {business.whatsapp ? (
            <a className="button whatsapp" href={whatsappHref(business.whatsapp)} rel="noopener">
              Chat on WhatsApp
            </a>
          ) : null}
        </p>
      </header>
      <div className="contact-layout" id="contact">
        <Island
          name="pages/contact/Widget"
          component={ContactWidget}
          props={{ idPrefix: 'contact', phone: business.phone, hours: business.hours }}
        />
        <aside className="contact-details" aria-label="Office details">
          <h2>Office</h2>
          <BusinessAddress />
          <ul className="contact-channels">
            <li>
              Phone:{' '}
              <a className="nowrap" href={telHref(business.phone)}>
                {business.phone}
              </a>
            </li>
            {business.whatsapp ? (
              <li>
                WhatsApp: <span className="nowrap">{business.whatsapp}</span>
              </li>
            ) : null}
            <li>
              Email: <a href={`mailto:${business.email}`}>{business.email}</a>
            </li>
          </ul>
          {business.hours ? <p>{`Hours: ${business.hours}`}</p> : null}
          <p>Meetings by appointment; most work happens on video calls.</p>
        </aside>
      </div>
      <Faq items={faq(business)} />
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
