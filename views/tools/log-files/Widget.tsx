import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { AuditPicker } from './AuditPicker.tsx';
import { apiUpload, requestJson } from '#views/lib/request-json.ts';
import { LOAD_FAILED, progressText, UPLOAD_FAILED } from './logic.ts';
import { LogReport } from './Report.tsx';
import type { LogFileView } from './schema.ts';

export interface LogFilesProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
  /** Show this log's results (the results page) instead of the upload form. */
  logId?: string;
}

/** How often a log being read is asked for its progress. */
const POLL_MS = 1000;

/**
 * The log analyser: upload with progress (XMLHttpRequest's upload events), then the analysis' progress,
 * then the results. The results have their own address (/log-file-analyser/<id>), put in the address bar.
 */
export default function LogFilesWidget({ idPrefix, logId }: LogFilesProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [auditId, setAuditId] = useState('');
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [log, setLog] = useState<LogFileView | null>(null);
  const [error, setError] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = (name: string) => `${idPrefix}-${name}`;
  const busy = uploaded !== null || log?.status === 'queued' || log?.status === 'running';

  async function follow(key: string) {
    clearTimeout(timer.current);
    try {
      const view = await requestJson<LogFileView>(`/api/log-files/${key}`, LOAD_FAILED);
      setLog(view);
      if (view.status === 'queued' || view.status === 'running')
        timer.current = setTimeout(() => void follow(key), POLL_MS);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : LOAD_FAILED);
    }
  }

  useEffect(() => {
    if (logId) void follow(logId);
    // Follows the log the page was opened for, once.
    return () => clearTimeout(timer.current);
  }, [logId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0) return setError('Choose one or more access log files.');
    setError('');
    setLog(null);
    const form = new FormData();
    if (auditId.trim()) form.append('auditId', auditId.trim());
    for (const file of files) form.append('file', file, file.name);
    setUploaded(0);
    try {
      const answer = (await apiUpload('/api/log-files', UPLOAD_FAILED, form, { onProgress: setUploaded })) as {
        id: string;
      };
      window.history.replaceState(window.history.state, '', `/log-file-analyser/${answer.id}`);
      await follow(answer.id);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : UPLOAD_FAILED);
    } finally {
      setUploaded(null);
    }
  }

  return (
    <div className="tool-widget log-files">
      {logId ? null : (
        <form className="log-upload" onSubmit={submit} noValidate>
          <label htmlFor={id('file')}>Access log files (plain or .gz)</label>
          <input
            id={id('file')}
            type="file"
            name="file"
            multiple
            aria-describedby={id('file-hint')}
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          <p id={id('file-hint')} className="muted">
            nginx or Apache (combined or common), JSON lines (Cloudflare and others) or IIS (W3C) logs, several at once.
            Gzip large logs first: the upload limit is 2 GB unless this site’s operator set another.
          </p>
          <AuditPicker id={id} onChange={setAuditId} />
          <button type="submit" className="button" disabled={busy}>
            Analyse log
          </button>
        </form>
      )}
      {uploaded !== null ? (
        <p className="log-progress">
          <label htmlFor={id('upload')}>Uploading: {uploaded}%</label>
          <progress id={id('upload')} max={100} value={uploaded} />
        </p>
      ) : null}
      <ErrorMessage error={error} />
      {log && (log.status === 'queued' || log.status === 'running') ? (
        <p className="log-progress" role="status">
          {progressText(log)}
        </p>
      ) : null}
      {log?.status === 'failed' ? <ErrorMessage error={`The log could not be analysed: ${log.error ?? ''}`} /> : null}
      {log?.status === 'done' ? <LogReport idPrefix={idPrefix} log={log} /> : null}
    </div>
  );
}
