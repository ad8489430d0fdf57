import { useEffect, useRef, useState } from 'react';
import { apiFetch, requestJson } from '#views/lib/request-json.ts';
import { useTimeZone } from '#views/lib/local-time.ts';
import type { IssueType } from '#views/model/site-audit.ts';
import { completionText, FAILED_MESSAGE, reportPath, reportTitle, RESUME_KEY, type ScorePoint } from './logic.ts';
import type { AuditIssueGroup, AuditListItem, AuditView } from './schema.ts';

const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/** The audit this tab is following on the tool page: ?audit= in the address, else this tab's storage. */
function runningAudit(): string | undefined {
  const fromUrl = new URLSearchParams(window.location.search).get('audit');
  if (fromUrl) return fromUrl;
  try {
    return window.sessionStorage.getItem(RESUME_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A run started on the tool page: its id goes in the address and this tab's storage, so a reload resumes it. */
function rememberRunning(id: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set('audit', id);
  window.history.replaceState(window.history.state, '', url);
  try {
    window.sessionStorage.setItem(RESUME_KEY, id);
  } catch {
    // Storage may be off; the address still has it.
  }
}

/** The run ended: a later visit to the tool page starts empty (the address keeps the report's id). */
function forgetRunning(id: string): void {
  try {
    if (window.sessionStorage.getItem(RESUME_KEY) === id) window.sessionStorage.removeItem(RESUME_KEY);
  } catch {
    // Nothing stored.
  }
}

/** A run's event stream (/api/site-audits/:id/events): its progress as patches, then `ended()` once it says it ended. */
function openEvents(auditKey: string, on: { update(patch: Partial<AuditView>): void; ended(): void }): EventSource {
  const source = new EventSource(`/api/site-audits/${auditKey}/events`);
  source.addEventListener('status', (event) => {
    const patch = JSON.parse((event as MessageEvent<string>).data) as Partial<AuditView>;
    // The audit may have finished between our GET and this stream: then the stream says so and ends.
    if (patch.status !== 'queued' && patch.status !== 'running') return on.ended();
    on.update(patch);
  });
  source.addEventListener('progress', (event) =>
    on.update({ progress: JSON.parse((event as MessageEvent<string>).data) as AuditView['progress'] }),
  );
  for (const name of ['done', 'failed', 'cancelled']) source.addEventListener(name, on.ended);
  return source;
}

/** This visitor's audits, or null when they cannot be read (the list is a convenience; the audit still works). */
async function fetchHistory(): Promise<AuditListItem[] | null> {
  try {
    return (await requestJson<{ audits: AuditListItem[] }>('/api/site-audits', 'Failed to load your audits')).audits;
  } catch {
    return null;
  }
}

/** The score history of the audit's site (the server's, so every device and a shared link see it), or null. */
async function fetchTrend(auditKey: string): Promise<ScorePoint[] | null> {
  try {
    return (await requestJson<{ audits: ScorePoint[] }>(`/api/site-audits/${auditKey}/history`, FAILED_MESSAGE)).audits;
  } catch {
    return null;
  }
}

/** A finished audit, its issue groups, its site's score history and (the first time) the issue types' words. */
async function fetchReport(auditKey: string, withTypes: boolean) {
  const [view, issues, trend, known] = await Promise.all([
    requestJson<AuditView>(`/api/site-audits/${auditKey}`, FAILED_MESSAGE),
    requestJson<{ issues: AuditIssueGroup[] }>(`/api/site-audits/${auditKey}/issues`, FAILED_MESSAGE),
    fetchTrend(auditKey),
    withTypes ? requestJson<{ types: IssueType[] }>('/api/site-audits/issue-types', FAILED_MESSAGE) : null,
  ]);
  return { view, issues: issues.issues, trend, types: known?.types ?? null };
}

/** What a run is started with (the form's options). */
export interface StartOptions {
  render: boolean;
  checkExternalLinks: boolean;
}

/**
 * The site audit island's state: the audit shown (its report once done, live progress until then,
 * followed through its event stream), this visitor's audits, and the actions on them.
 */
export function useAudit(auditId: string | undefined) {
  const [audit, setAudit] = useState<AuditView | null>(null);
  const [groups, setGroups] = useState<AuditIssueGroup[] | null>(null);
  const [types, setTypes] = useState<Map<string, IssueType>>(new Map());
  const [error, setError] = useState('');
  const [starting, setStarting] = useState(false);
  const [history, setHistory] = useState<AuditListItem[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [url, setUrl] = useState('');
  /** The report shown while a re-run of it runs (kept until the new one is ready, or if the new one fails). */
  /** The score history of the audit last loaded (by its id: a re-run's old report keeps its own until the new one is in). */
  const [trend, setTrend] = useState<{ id: string; points: ScorePoint[] } | null>(null);
  const [previous, setPrevious] = useState<{ audit: AuditView; groups: AuditIssueGroup[] } | null>(null);
  const events = useRef<EventSource | null>(null);
  const timeZone = useTimeZone();
  const heading = useRef<HTMLHeadingElement>(null);
  /** Set when a run this page watched has finished: its report takes the focus once shown. */
  const focusReport = useRef(false);
  const running = audit?.status === 'queued' || audit?.status === 'running';

  async function loadHistory() {
    const audits = await fetchHistory();
    if (audits) setHistory(audits);
  }

  async function loadReport(auditKey: string) {
    const report = await fetchReport(auditKey, types.size === 0);
    if (report.types) setTypes(new Map(report.types.map((type) => [type.type, type])));
    setTrend(report.trend ? { id: auditKey, points: report.trend } : null);
    setGroups(report.issues);
    setAudit(report.view);
  }

  /** The run's event stream: progress until it ends, then its report (or how it ended). */
  function listen(auditKey: string) {
    const update = (patch: Partial<AuditView>) =>
      setAudit((current) => (current && current.id === auditKey ? { ...current, ...patch } : current));
    const settle = async () => {
      events.current?.close();
      const settled = await requestJson<AuditView>(`/api/site-audits/${auditKey}`, FAILED_MESSAGE);
      forgetRunning(auditKey);
      if (settled.status === 'done') {
        focusReport.current = true;
        await loadReport(auditKey);
        setPrevious(null);
      } else setAudit(settled);
      setAnnouncement(completionText(settled));
      void loadHistory();
    };
    const ended = () => void settle().catch((failure: unknown) => setError(message(failure)));
    events.current = openEvents(auditKey, { update, ended });
  }

  /** Shows an audit: its report when done, live progress until then. */
  async function follow(auditKey: string) {
    events.current?.close();
    setGroups(null);
    try {
      const view = await requestJson<AuditView>(`/api/site-audits/${auditKey}`, FAILED_MESSAGE);
      setAudit(view);
      setUrl((current) => current || view.url);
      if (view.status === 'done') return await loadReport(auditKey);
      if (view.status === 'queued' || view.status === 'running') listen(auditKey);
    } catch (failure) {
      // An audit that cannot be shown (gone, pruned) is not resumed again in this tab.
      forgetRunning(auditKey);
      setError(message(failure));
    }
  }

  useEffect(() => {
    void loadHistory();
    // A reload during a run picks the run up again: the report page has its id in the path, the
    // tool page in ?audit= (or, failing that, in this tab's sessionStorage).
    const resume = auditId ?? runningAudit();
    if (resume) void follow(resume);
    return () => events.current?.close();
    // Runs once per mounted report: the id never changes for an island.
  }, []);

  const done = audit?.status === 'done' && groups !== null;
  useEffect(() => {
    if (!done || !audit) return;
    if (auditId) document.title = reportTitle(audit, timeZone);
    if (focusReport.current) {
      focusReport.current = false;
      heading.current?.focus();
    }
  }, [done, audit?.id]);

  async function start(target: string, options: StartOptions) {
    if (!target.trim() || starting || running) return;
    setStarting(true);
    setError('');
    // A re-run keeps the report on screen until the new one is ready: on a phone the page would
    // otherwise fold up under the visitor.
    setPrevious(audit?.status === 'done' && groups ? { audit, groups } : previous);
    setAudit(null);
    setGroups(null);
    try {
      const started = await requestJson<{ id: string }>('/api/site-audits', FAILED_MESSAGE, {
        url: target.trim(),
        ...options,
      });
      if (!auditId) rememberRunning(started.id);
      // On a report's own page the address follows the new run (a reload or a shared link shows it).
      else window.history.replaceState(window.history.state, '', reportPath(started.id));
      setAnnouncement('');
      // The new report takes the focus when it is ready, also when the run ended before its first
      // look (a small site on a busy machine): then follow() shows the report without the event stream.
      focusReport.current = true;
      await follow(started.id);
      void loadHistory();
    } catch (failure) {
      setError(message(failure));
    } finally {
      setStarting(false);
    }
  }

  async function cancel() {
    if (!audit) return;
    try {
      await apiFetch(`/api/site-audits/${audit.id}`, 'Failed to cancel the audit', { method: 'DELETE' });
    } catch (failure) {
      setError(message(failure));
    }
  }

  return {
    audit,
    groups,
    types,
    error,
    history,
    announcement,
    url,
    setUrl,
    heading,
    running,
    starting,
    start,
    cancel,
    previous,
    /** The shown audit's site history, when it is the one loaded. */
    trendOf: (id: string) => (trend?.id === id ? trend.points : undefined),
  };
}
