import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { TextField } from '#views/components/TextField.tsx';
import { useBulkCheck } from '#views/lib/use-bulk-check.ts';
import { parseUrlLines } from './logic.ts';
import { MigrationPanel } from './MigrationPanel.tsx';
import { PlansTable } from './PlansTable.tsx';
import { MAX_REDIRECT_URLS } from './rules.ts';
import { UrlResults } from './UrlResults.tsx';
import type { RedirectRow } from '#views/model/redirect-checker.ts';
import { DEFAULT_USER_AGENT, USER_AGENT_CHOICES, USER_AGENTS, type UserAgentChoice } from '#views/model/user-agents.ts';

export interface RedirectCheckerProps {
  idPrefix: string;
}

const MODES = [
  { value: 'urls', label: 'Check URLs' },
  { value: 'migration', label: 'Check a migration (old → new)' },
] as const;

type Mode = (typeof MODES)[number]['value'];

/** The two modes as tabs; each controls its panel. */
function ModeTabs({ idPrefix, mode, onChoose }: { idPrefix: string; mode: Mode; onChoose: (mode: Mode) => void }) {
  return (
    <div className="check-filters redirect-modes" role="tablist" aria-label="What to check">
      {MODES.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${item.value}`}
          aria-selected={mode === item.value}
          aria-controls={`${idPrefix}-panel-${item.value}`}
          className={`check-filter${mode === item.value ? ' is-active' : ''}`}
          onClick={() => onChoose(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

export default function RedirectCheckerWidget({ idPrefix }: RedirectCheckerProps) {
  const [text, setText] = useState('');
  const { busy, error, detail, rows, submit } = useBulkCheck<RedirectRow>(
    '/api/bulk-url-redirection/redirect',
    'Failed to process URLs',
  );
  const [userAgent, setUserAgent] = useState<UserAgentChoice>(DEFAULT_USER_AGENT);
  const [mode, setMode] = useState<Mode>('urls');
  // The migration panel mounts when first chosen, then stays (hidden) so its results survive a switch.
  const [migrationOpened, setMigrationOpened] = useState(false);
  const urls = parseUrlLines(text);
  const id = (name: string) => `${idPrefix}-${name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (urls.length > 0) void submit({ urls, userAgent });
  }

  function choose(next: Mode) {
    setMode(next);
    if (next === 'migration') setMigrationOpened(true);
  }

  return (
    <div className="redirect-checker">
      <ModeTabs idPrefix={idPrefix} mode={mode} onChoose={choose} />
      <div
        id={id('panel-migration')}
        role="tabpanel"
        aria-labelledby={id('tab-migration')}
        hidden={mode !== 'migration'}
      >
        {migrationOpened ? <MigrationPanel idPrefix={idPrefix} /> : null}
      </div>
      <div id={id('panel-urls')} role="tabpanel" aria-labelledby={id('tab-urls')} hidden={mode !== 'urls'}>
        <form className="tool-card" onSubmit={onSubmit} noValidate>
          <TextField
            id={id('urls')}
            label={`URLs (one per line, up to ${MAX_REDIRECT_URLS})`}
            rows={8}
            value={text}
            onChange={setText}
            placeholder={'http://example.com/old-page\nhttps://example.com/blog'}
          />
          <label htmlFor={id('agent')}>Check as</label>
          <select
            id={id('agent')}
            value={userAgent}
            onChange={(event) => setUserAgent(event.target.value as UserAgentChoice)}
          >
            {USER_AGENT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {USER_AGENTS[choice].label}
              </option>
            ))}
          </select>
          <div className="actions">
            <button type="submit" className="button" disabled={busy || urls.length === 0}>
              {busy ? 'Processing...' : 'Process URLs'}
            </button>
            <span className="muted">
              {urls.length} URL{urls.length === 1 ? '' : 's'}
            </span>
          </div>
          <ErrorMessage error={error} detail={detail} />
        </form>
        {rows ? <UrlResults idPrefix={idPrefix} rows={rows} /> : null}
      </div>
      <PlansTable />
    </div>
  );
}
