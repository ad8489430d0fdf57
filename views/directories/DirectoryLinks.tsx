import { directories, type DirectorySlug } from './directories.ts';

const learnMore = [
  { href: '/seo-guides', label: 'SEO guides' },
  { href: '/digital-marketing', label: 'Digital marketing' },
  { href: '/career-guidance', label: 'Career guidance' },
  { href: '/', label: 'Home' },
];

/** Cross-links between the seven lists and into the content hubs (spec 2.6). */
export function DirectoryLinks({ current }: { current: DirectorySlug }) {
  return (
    <nav className="directory-links" aria-label="More link-building resources">
      <div>
        <h2>More link-building lists</h2>
        <ul>
          {directories
            .filter((directory) => directory.slug !== current)
            .map((directory) => (
              <li key={directory.slug}>
                <a href={directory.path}>{directory.label}</a>
              </li>
            ))}
        </ul>
      </div>
      <div>
        <h2>Learn more</h2>
        <ul>
          {learnMore.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
