import { brand } from '../brand.ts';
import { useSite } from '../site-context.ts';

export function Footer() {
  const { nav, year } = useSite();
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
          © {year} {brand.name}. {brand.tagline}.
        </p>
        <p>
          <a href={`mailto:${brand.email}`}>{brand.email}</a> · <a href={`tel:${brand.phone.replace(/\s+/g, '')}`}>{brand.phone}</a>
        </p>
      </div>
    </footer>
  );
}
