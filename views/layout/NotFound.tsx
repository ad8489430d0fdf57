import { searchSite, type SiteIndexEntry } from '../lib/site-search.ts';
import { useSite } from '../site-context.ts';
import { featuredFirst, TOOLS } from '#views/model/tools-hub.ts';
import type { HeadMeta } from './SeoHead.tsx';

export const notFoundMeta = (path: string): HeadMeta => ({
  path,
  title: '404 - Page Not Found',
  description: 'The page you are looking for does not exist.',
  robots: 'noindex, follow',
});

/** Longest query the search box takes; longer input is cut, never an error. */
export const SEARCH_MAX_LENGTH = 100;
/** Tools offered on the 404 page: featured ones first. */
const POPULAR_TOOLS = 6;

function PageList({ entries }: { entries: SiteIndexEntry[] }) {
  return (
    <ul className="search-results">
      {entries.map((entry) => (
        <li key={entry.path}>
          <a href={entry.path}>{entry.title}</a>
          <p>{entry.description}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The 404 page: the spec's heading, text and home link, then a way on. The search form sends a
 * GET to this same address (no action attribute: an address such as `//host` must never become a
 * protocol-relative target), so it works without JavaScript; a mistyped address also suggests
 * pages from its own words.
 */
export function NotFound({ pathname, query }: { pathname: string; query: string }) {
  const { siteIndex, nav } = useSite();
  const q = query.trim().slice(0, SEARCH_MAX_LENGTH);
  const results = q ? searchSite(siteIndex, q) : [];
  const guesses = q ? [] : searchSite(siteIndex, decodePath(pathname), { mode: 'any', limit: 5 });
  const existing = new Set(nav.paths);
  const tools = featuredFirst(TOOLS.filter((tool) => existing.has(tool.path))).slice(0, POPULAR_TOOLS);
  return (
    <section className="page-narrow status-page not-found">
      <h1>404 - Page Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <p>
        <a className="button" href="/">
          Go to Home
        </a>
      </p>
      <form className="site-search" method="get" role="search">
        <label htmlFor="site-search-q">Search this site</label>
        <div className="site-search-row">
          <input
            id="site-search-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="e.g. sitemap, Noida"
          />
          <button type="submit" className="button secondary">
            Search
          </button>
        </div>
      </form>
      {q ? (
        <section className="not-found-section" aria-labelledby="search-results-heading">
          <h2 id="search-results-heading">{results.length ? `Pages matching “${q}”` : `No page matches “${q}”`}</h2>
          {results.length ? (
            <PageList entries={results} />
          ) : (
            <p>Try fewer or other words, or pick one of the tools below.</p>
          )}
        </section>
      ) : guesses.length ? (
        <section className="not-found-section" aria-labelledby="guesses-heading">
          <h2 id="guesses-heading">Were you looking for one of these?</h2>
          <PageList entries={guesses} />
        </section>
      ) : null}
      {tools.length ? (
        <nav className="not-found-section" aria-labelledby="popular-tools-heading">
          <h2 id="popular-tools-heading">Popular free tools</h2>
          <ul className="popular-tools">
            {tools.map((tool) => (
              <li key={tool.path}>
                <a href={tool.path}>{tool.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
