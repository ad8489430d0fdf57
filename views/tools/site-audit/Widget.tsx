import { useEffect, useRef, useState, type Dispatch, type FormEvent, type Ref, type SetStateAction } from 'react';
import { AuditReport } from './AuditReport.tsx';
import {
  BUSY_LABEL,
  FAILED_MESSAGE,
  liveHistory,
  progressPercent,
  progressText,
  reportPath,
  rerunOptions,
  START_LABEL,
} from './logic.ts';
import type { AuditListItem, AuditView } from './schema.ts';
import { ShareLink } from './ShareLink.tsx';
import { useAudit } from './use-audit.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { UrlInputRow } from '#views/components/UrlInputRow.tsx';
import { formatLocalTime, useTimeZone } from '#views/lib/local-time.ts';

export interface SiteAuditProps {
  /** Prefix for element ids (islands must not use useId). */
  idPrefix: string;
  /** Show this audit (the shareable report page) instead of starting with an empty form. */
  auditId?: string;
  /** SITE_URL: the shareable link is absolute, so it works wherever it is pasted. */
  siteUrl?: string;
}

/** A run under way: its progress bar, its words and the cancel button. */
function RunProgress({
  audit,
  onCancel,
  boxRef,
}: {
  audit: AuditView;
  onCancel: () => void;
  boxRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div className="audit-progress" role="status" aria-live="polite" ref={boxRef}>
      <progress max={100} value={progressPercent(audit.progress)} aria-label="Audit progress" />
      <p>{progressText(audit.status, audit.progress)}</p>
      <button type="button" className="button secondary" onClick={onCancel}>
        Cancel audit
      </button>
    </div>
  );
}

/** This visitor's audits, newest first, each linking to its report. */
function AuditHistory({ history, id }: { history: AuditListItem[]; id: string }) {
  const timeZone = useTimeZone();
  return (
    <section className="audit-history" aria-labelledby={id}>
      <h2 id={id}>Your audits</h2>
      <ul>
        {history.map((item) => (
          <li key={item.id}>
            <a href={reportPath(item.id)}>{item.url}</a> · {item.status}
            {item.score !== undefined ? ` · score ${item.score}` : ''} · {formatLocalTime(item.createdAt, timeZone)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function endedMessage(audit: AuditView | null): string | null {
  if (audit?.status === 'cancelled') return 'The audit was cancelled.';
  if (audit?.status === 'failed') return `The audit failed: ${audit.error ?? FAILED_MESSAGE}`;
  return null;
}

type Toggle = [boolean, Dispatch<SetStateAction<boolean>>];

/** The run's options: render JavaScript, check links to other sites. */
function AuditOptions(props: {
  id: (name: string) => string;
  busy: boolean;
  render: Toggle;
  checkExternalLinks: Toggle;
}) {
  const { id, busy, render, checkExternalLinks } = props;
  return (
    <>
      <label className="audit-render">
        <input
          type="checkbox"
          checked={render[0]}
          onChange={() => render[1]((value) => !value)}
          disabled={busy}
          aria-describedby={id('render-hint')}
        />{' '}
        Render JavaScript
      </label>
      <p className="audit-render-hint" id={id('render-hint')}>
        Loads every page in a browser, as Google does before indexing, and reports what only appears after JavaScript
        runs. Slower: use it for sites built with JavaScript frameworks.
      </p>
      <label className="audit-option">
        <input
          type="checkbox"
          checked={checkExternalLinks[0]}
          disabled={busy}
          onChange={() => checkExternalLinks[1]((value) => !value)}
        />
        Check links to other sites (each one once, politely)
      </label>
    </>
  );
}

export default function SiteAuditWidget({ idPrefix, auditId, siteUrl }: SiteAuditProps) {
  const [checkExternalLinks, setCheckExternalLinks] = useState(true);
  const [render, setRender] = useState(false);
  const run = useAudit(auditId);
  const { audit, groups, error, url, running, history } = run;
  const id = (name: string) => `${idPrefix}-${name}`;
  const busy = run.starting || running;
  const start = (target: string) => void run.start(target, { render, checkExternalLinks });
  // The report on screen: the finished audit, or the one a re-run replaces once it is ready.
  const shown = audit?.status === 'done' && groups ? { audit, groups } : run.previous;
  const rerunning = running && run.previous !== null;
  /** A re-run asks for what the audit was run with (a shared report's "Render JavaScript" too), and the form shows it. */
  function rerun(of: AuditView) {
    const options = rerunOptions(of);
    setRender(options.render);
    setCheckExternalLinks(options.checkExternalLinks);
    void run.start(of.url, options);
  }
  // A shared report's form shows the options it was run with.
  useEffect(() => {
    if (!auditId || audit?.id !== auditId || audit.status !== 'done') return;
    const options = rerunOptions(audit);
    setRender(options.render);
    setCheckExternalLinks(options.checkExternalLinks);
  }, [audit?.id, audit?.status]);

  // A run's progress under the form may be below the fold on a phone: it is brought into view once per run
  // (a re-run's shows by its button, where the visitor already is). Its top goes under the header, not its
  // bottom above the Call/WhatsApp buttons: the box grows as the run reports, and grows downwards.
  const progressBox = useRef<HTMLDivElement>(null);
  const formRun = audit && running && !rerunning ? audit.id : null;
  useEffect(() => {
    if (formRun) progressBox.current?.scrollIntoView({ block: 'start' });
  }, [formRun]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    start(url);
  }

  const form = (
    <form className="tool-card" onSubmit={onSubmit} noValidate>
      <label htmlFor={id('url')}>Website URL</label>
      <UrlInputRow
        id={id('url')}
        value={url}
        onChange={run.setUrl}
        placeholder="https://www.example.com"
        busy={busy}
        label={START_LABEL}
        busyLabel={BUSY_LABEL}
        describedBy={error ? id('error') : undefined}
      />
      <AuditOptions
        id={id}
        busy={busy}
        render={[render, setRender]}
        checkExternalLinks={[checkExternalLinks, setCheckExternalLinks]}
      />
      {audit && running && !rerunning ? (
        <RunProgress audit={audit} onCancel={() => void run.cancel()} boxRef={progressBox} />
      ) : null}
      <ErrorMessage error={error} id={id('error')} />
      <ErrorMessage error={endedMessage(audit)} />
      {audit && !shown ? <ShareLink auditId={audit.id} siteUrl={siteUrl} /> : null}
    </form>
  );
  const report = shown ? (
    <AuditReport
      audit={shown.audit}
      groups={shown.groups}
      types={run.types}
      idPrefix={idPrefix}
      onRerun={() => rerun(shown.audit)}
      busy={busy}
      trend={run.trendOf(shown.audit.id)}
      headingRef={run.heading}
      progress={rerunning && audit ? <RunProgress audit={audit} onCancel={() => void run.cancel()} /> : undefined}
      share={<ShareLink auditId={shown.audit.id} siteUrl={siteUrl} />}
      shared={Boolean(auditId)}
    />
  ) : null;

  return (
    <div className="site-audit">
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {run.announcement}
      </p>
      {auditId ? (
        // A shared report opens on the report (on a phone the form pushed it ten screens down); the form to audit
        // another site follows it, folded while there is a report to read.
        <>
          {report}
          <details className="audit-another" open={!shown}>
            <summary>Audit a site</summary>
            {form}
          </details>
        </>
      ) : (
        <>
          {form}
          {report}
        </>
      )}
      {history.length ? <AuditHistory history={liveHistory(history, audit)} id={id('history')} /> : null}
    </div>
  );
}
