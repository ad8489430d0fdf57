import { telHref, whatsappHref } from '../business.ts';
import { useSite } from '../site-context.ts';

/**
 * On a phone, a small call / WhatsApp pair stays in the bottom corner of every page (layout.css
 * shows it below 600 px only), so a visitor never has to open the menu or find /contact-me to
 * reach the business. The numbers are the profile's; WhatsApp only when the profile has one.
 */
export function QuickContact() {
  const { business } = useSite();
  return (
    <nav className="quick-contact" aria-label="Call or message us">
      <a href={telHref(business.phone)} className="quick-contact-call">
        Call
      </a>
      {business.whatsapp ? (
        <a href={whatsappHref(business.whatsapp)} className="quick-contact-whatsapp" rel="noopener">
          WhatsApp
        </a>
      ) : null}
    </nav>
  );
}
