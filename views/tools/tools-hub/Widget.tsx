import { useState } from 'react';
import { ToolIcon } from '#views/components/ToolIcon.tsx';
import { matchesTool, toolByName, toolsByGroup } from '#views/model/tools-hub.ts';

export interface ToolsHubProps {
  /** Names rendered by the server from the same list the API serves. */
  initialTools: string[];
  /** The `?q=` the page was asked with: the search box submits it when scripts are off. */
  initialQuery: string;
}

function statusText(shown: number, total: number, query: string): string {
  if (!query.trim()) return `${total} free tools`;
  return shown === 0 ? `No tool matches “${query.trim()}”` : `${shown} of ${total} tools match “${query.trim()}”`;
}

/**
 * The hub: cards grouped by job, featured first, and a search box that filters them as you type.
 * Without JavaScript every card is shown and the box submits `?q=` to the page itself. The list
 * is the one the server rendered (docs/decisions/0035: no "Refresh list").
 */
export default function ToolsHubWidget({ initialTools, initialQuery }: ToolsHubProps) {
  const [query, setQuery] = useState(initialQuery);
  /** The search goes in the address as `?q=` (a link to it, Back and a reload keep it), without a new history entry per key. */
  function search(text: string) {
    setQuery(text);
    const url = new URL(window.location.href);
    if (text.trim()) url.searchParams.set('q', text);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url);
  }
  const shown = initialTools.map(toolByName).filter((tool) => matchesTool(tool, query));
  const groups = toolsByGroup(shown);

  return (
    <div className="tools-hub">
      <form
        className="tools-hub-search"
        role="search"
        method="get"
        action="/try-free-tools"
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor="tools-hub-q">Search the tools</label>
        <input
          id="tools-hub-q"
          type="search"
          name="q"
          value={query}
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. sitemap, backlinks, compress"
          onChange={(event) => search(event.target.value)}
        />
      </form>
      <div className="tools-hub-bar">
        <p aria-live="polite" className="tools-hub-status">
          {statusText(shown.length, initialTools.length, query)}
        </p>
      </div>
      {shown.length === 0 ? (
        <div className="tools-hub-empty">
          <p>
            Try another word (for example “audit”, “redirect” or “YouTube”), or see every tool. For something we do not
            offer, <a href="/contact-me">tell us what you need</a>.
          </p>
          <a
            className="button secondary"
            href="/try-free-tools"
            onClick={(event) => (event.preventDefault(), setQuery(''))}
          >
            Show all tools
          </a>
        </div>
      ) : (
        <div className="tool-groups">
          {groups.map((group) => (
            <section key={group.id} className="tool-group" aria-labelledby={`tool-group-${group.id}`}>
              <h2 id={`tool-group-${group.id}`}>{group.label}</h2>
              <p className="tool-group-summary">{group.summary}</p>
              <ul className="hub-cards">
                {group.tools.map((tool) => (
                  <li key={tool.name} className={tool.featured === undefined ? 'hub-card' : 'hub-card featured'}>
                    <span className="hub-card-icon">
                      <ToolIcon name={tool.icon} />
                    </span>
                    <h3>{tool.name}</h3>
                    {tool.featured === undefined ? null : <span className="hub-badge">Popular</span>}
                    <p>{tool.description}</p>
                    <a className="button" href={tool.path} aria-label={`Try Now: ${tool.name}`}>
                      Try Now
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
