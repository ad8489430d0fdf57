import { useSite } from '../site-context.ts';

/**
 * Dropdowns are <details name="site-nav">: the browser keeps at most one open, and clicking the
 * open one closes it, with no JavaScript. client/shell.ts adds Escape, outside clicks, closing
 * on link choice, aria-expanded and the narrow-screen menu toggle.
 */
export function Header() {
  const { nav, business } = useSite();
  return (
    <header className="site-header" data-menu="closed">
      <div className="header-bar">
        <a className="brand" href="/">
          <img src={business.logo ?? '/favicon.svg'} alt="" width="28" height="28" />
          <span>{business.name}</span>
        </a>
        <button type="button" className="nav-toggle" aria-expanded="false" aria-controls="site-nav">
          <span className="nav-toggle-bars" aria-hidden="true" />
          Menu
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          <ul className="nav-list">
            {nav.groups.map((group) => (
              <li key={group.label} className="nav-item">
                <details name="site-nav" className="dropdown">
                  <summary aria-expanded="false">{group.label}</summary>
                  <ul className={group.links.length > 8 ? 'dropdown-panel wide' : 'dropdown-panel'}>
                    {group.links.map((link) => (
                      <li key={link.href}>
                        <a href={link.href}>{link.label}</a>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
            {nav.top.map((link) => (
              <li key={link.href} className="nav-item">
                <a className="nav-link" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
