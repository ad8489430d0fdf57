import { useLocation } from 'react-router';
import { telHref } from '../business.ts';
import { useSite, type NavEntry, type NavLink } from '../site-context.ts';

function MenuLink({ link, current }: { link: NavLink; current: string }) {
  return (
    <a href={link.href} aria-current={link.href === current ? 'page' : undefined}>
      {link.label}
    </a>
  );
}

/** A dropdown: one list, or (the Free tools menu) headed groups side by side and a "see all" link. */
function Dropdown({ entry, current }: { entry: Extract<NavEntry, { groups: unknown }>; current: string }) {
  const grouped = entry.groups.length > 1;
  const id = `menu-${entry.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <li className={grouped ? 'nav-item mega' : 'nav-item'}>
      <details name="site-nav" className="dropdown">
        <summary>{entry.label}</summary>
        <div className={grouped ? 'dropdown-panel mega-panel' : 'dropdown-panel'}>
          {entry.groups.map((group) => {
            const list = (
              <ul aria-labelledby={grouped ? `${id}-${group.label.toLowerCase()}` : undefined}>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <MenuLink link={link} current={current} />
                  </li>
                ))}
              </ul>
            );
            return grouped ? (
              <div key={group.label} className="menu-group">
                <p className="menu-heading" id={`${id}-${group.label.toLowerCase()}`}>
                  {group.label}
                </p>
                {list}
              </div>
            ) : (
              <div key={group.label}>{list}</div>
            );
          })}
          {entry.all ? (
            <a className="menu-all" href={entry.all.href}>
              {entry.all.label} →
            </a>
          ) : null}
        </div>
      </details>
    </li>
  );
}

/**
 * One row from 1024 px up: brand, Services, Pricing, Results, Free tools, About, the phone (where
 * there is room) and the call to action; below that the Menu button. Dropdowns are
 * <details name="site-nav">: the browser keeps at most one open, and clicking the open one closes
 * it, with no JavaScript, and a <summary> already tells assistive technology whether its <details> is
 * open (aria-expanded on it is not valid HTML). client/shell.ts adds Escape, outside clicks, closing
 * on link choice and the narrow-screen menu toggle (whose button carries aria-expanded).
 */
export function Header() {
  const { nav, business } = useSite();
  const { pathname } = useLocation();
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
            {nav.header.map((entry) =>
              'href' in entry ? (
                <li key={entry.label} className="nav-item">
                  <a className="nav-link" href={entry.href} aria-current={entry.href === pathname ? 'page' : undefined}>
                    {entry.label}
                  </a>
                </li>
              ) : (
                <Dropdown key={entry.label} entry={entry} current={pathname} />
              ),
            )}
          </ul>
          <div className="nav-actions">
            <a className="nav-phone" href={telHref(business.phone)}>
              <svg
                viewBox="0 0 24 24"
                width="18"
                height="18"
                aria-hidden="true"
                focusable="false"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z" />
              </svg>
              <span className="visually-hidden">Call </span>
              {business.phone}
            </a>
            {nav.cta ? (
              <a className="button nav-cta" href={nav.cta.href}>
                {nav.cta.label}
              </a>
            ) : null}
          </div>
        </nav>
      </div>
    </header>
  );
}
