import { useState } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import type { Manage } from './use-manage.ts';

/** Deleting takes a second press: the monitor and its history go, the audit reports stay. */
export function DeleteSection({ manage }: { manage: Manage }) {
  const [askDelete, setAskDelete] = useState(false);
  const { busy, actions } = manage;
  return (
    <section className="tool-card monitor-delete" aria-labelledby="monitor-delete">
      <h2 id="monitor-delete">Delete this monitor</h2>
      <p>Stops all checks and emails and deletes the monitor&apos;s history. The audit reports stay reachable.</p>
      <ErrorMessage error={manage.failedAt('delete')} />
      {askDelete ? (
        <div className="actions" role="group" aria-label="Confirm deletion">
          <button type="button" className="button danger" onClick={() => void actions.remove()} disabled={!!busy}>
            {busy === 'delete' ? 'Deleting…' : 'Yes, delete it'}
          </button>
          <button type="button" className="button secondary" onClick={() => setAskDelete(false)} disabled={!!busy}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="actions">
          <button type="button" className="button secondary" onClick={() => setAskDelete(true)}>
            Delete monitor…
          </button>
        </div>
      )}
    </section>
  );
}

/** What the page shows once the monitor is deleted. */
export function Deleted({ url }: { url: string }) {
  return (
    <div className="tool-card">
      <p className="success" role="status">
        The monitor of {url} is deleted, with its history. We will send no more emails about it.
      </p>
      <p>
        <a href="/site-audit">Run a new audit</a>
      </p>
    </div>
  );
}
