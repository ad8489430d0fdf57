import { telHref, whatsappHref } from '../business.ts';
import { useSite } from '../site-context.ts';

/**
 * On a phone, a small call / WhatsApp pair (layout.css shows it below 600 px only), so a visitor never
 * has to open the menu or find /contact-me to reach the business. It sits at the page's end, in a slot
 * that keeps its room there; once the visitor has scrolled half a screen it floats in the bottom corner
 * (client/quick-contact.ts), so it never covers the first screen. The numbers are the profile's;
 * WhatsApp only when the profile has one.
 */
export function QuickContact() {
  const { business } = useSite();
  return (
    <div className="quick-contact-slot">
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
    </div>
  );
}
