import { useState } from 'react';
import { ToolIcon } from '#views/components/ToolIcon.tsx';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { requestJson } from '#views/lib/request-json.ts';
import { matchesTool, toolByName, toolsByGroup } from '#views/model/tools-hub.ts';

export const LIST_FAILED = 'Failed to fetch tools list';

export interface ToolsHubProps {
  /** Names rendered by the server from the same list the API serves. */
  initialTools: string[];
  /** The `?q=` the page was asked with: the search box submits it when scripts are off. */
  initialQuery: string;
}

type Status = 'loaded' | 'loading' | 'error';

function isNameList(value: unknown): value is { tools: string[] } {
  const tools = (value as { tools?: unknown } | null)?.tools;
  return Array.isArray(tools) && tools.every((name) => typeof name === 'string');
}

function statusText(status: Status, shown: number, total: number, query: string): string | null {
  if (status === 'loading') return 'Loading tools…';
  if (status !== 'loaded') return null;
  if (!query.trim()) return `${total} free tools`;
  return shown === 0 ? `No tool matches “${query.trim()}”` : `${shown} of ${total} tools match “${query.trim()}”`;
}

/**
 * The hub: cards grouped by job, featured first, and a search box that filters them as you type.
 * Without JavaScript every card is shown and the box submits `?q=` to the page itself.
 */
export default function ToolsHubWidget({ initialTools, initialQuery }: ToolsHubProps) {
  const [tools, setTools] = useState(initialTools);
  const [status, setStatus] = useState<Status>('loaded');
  const [query, setQuery] = useState(initialQuery);
  const shown = tools.map(toolByName).filter((tool) => matchesTool(tool, query));
  const groups = toolsByGroup(shown);

  async function refresh() {
    setStatus('loading');
    try {
      const body = await requestJson<unknown>('/api/try-free-tools/list', LIST_FAILED);
      if (!isNameList(body)) throw new Error(LIST_FAILED);
      setTools(body.tools);
      setStatus('loaded');
    } catch {
      setStatus('error');
    }
  }

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
          placeholder="e.g. sitemap, YouTube, redirect"
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      <div className="tools-hub-bar">
        <p aria-live="polite" className="tools-hub-status">
          {statusText(status, shown.length, tools.length, query)}
        </p>
        <button type="button" className="button secondary" onClick={refresh} disabled={status === 'loading'}>
          Refresh list
        </button>
      </div>
      <ErrorMessage error={status === 'error' ? `Error: ${LIST_FAILED}` : null} />
      {status !== 'error' ? (
        <div className="tool-groups" aria-busy={status === 'loading'}>
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
      ) : null}
    </div>
  );
}
