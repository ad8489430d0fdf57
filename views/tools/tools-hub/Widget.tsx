import { useState } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import { toolByName } from '#views/model/tools-hub.ts';

export const LIST_FAILED = 'Failed to fetch tools list';

export interface ToolsHubProps {
  /** Names rendered by the server from the same list the API serves. */
  initialTools: string[];
}

type Status = 'loaded' | 'loading' | 'error';

function isNameList(value: unknown): value is { tools: string[] } {
  const tools = (value as { tools?: unknown } | null)?.tools;
  return Array.isArray(tools) && tools.every((name) => typeof name === 'string');
}

export default function ToolsHubWidget({ initialTools }: ToolsHubProps) {
  const [tools, setTools] = useState(initialTools);
  const [status, setStatus] = useState<Status>('loaded');

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
      <div className="tools-hub-bar">
        <p aria-live="polite" className="tools-hub-status">
          {status === 'loading' ? 'Loading tools…' : status === 'loaded' ? `${tools.length} free tools` : null}
        </p>
        <button type="button" className="button secondary" onClick={refresh} disabled={status === 'loading'}>
          Refresh list
        </button>
      </div>
      {status === 'error' ? (
        <p className="error" role="alert">
          Error: {LIST_FAILED}
        </p>
      ) : null}
      {status !== 'error' ? (
        <div className="table-wrap">
          <table className="tools-table" aria-busy={status === 'loading'}>
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col">Description</th>
                <th scope="col">
                  <span className="visually-hidden">Link</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tools.map((name) => {
                const tool = toolByName(name);
                return (
                  <tr key={name}>
                    <th scope="row">{tool.name}</th>
                    <td>{tool.description}</td>
                    <td>
                      <a className="button" href={tool.path} aria-label={`Try Now: ${tool.name}`}>
                        Try Now
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
