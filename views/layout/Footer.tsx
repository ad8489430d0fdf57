import { telHref, whatsappHref } from '../business.ts';
import { useSite } from '../site-context.ts';

/** Columns side by side on desktop, two to a row on a phone (layout.css), then the contacts. */
export function Footer() {
  const { nav, year, business } = useSite();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        {nav.footer.map((group) => (
          <nav key={group.label} className="footer-column" aria-label={group.label}>
            <h2>{group.label}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer-bottom">
        <p>
          © {year} {business.name}.{business.tagline ? ` ${business.tagline.replace(/\.$/, '')}.` : null}
        </p>
        <p className="footer-contact">
          <a href={`mailto:${business.email}`}>{business.email}</a> ·{' '}
          <a href={telHref(business.phone)}>{business.phone}</a>
          {business.whatsapp ? (
            <>
              {' · '}
              <a href={whatsappHref(business.whatsapp)} rel="noopener">
                WhatsApp
              </a>
            </>
          ) : null}
        </p>
        {business.social?.length ? (
          <ul className="footer-social" aria-label="Elsewhere">
            {business.social.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="me noopener">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
