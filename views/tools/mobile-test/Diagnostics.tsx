import { useEffect, useState } from 'react';
import { AxeFindings } from '#views/components/AxeFindings.tsx';
import { vitalsText } from '#views/model/page-experience-report.ts';
import {
  MOBILE_REPORT_LIMITS,
  type MobileConsoleError,
  type MobileFailedResource,
  type MobileList,
  type MobileReport,
  type MobileResource,
} from '#views/model/mobile-test.ts';
import { formatSize } from './logic.ts';

/*
 * What the rendered test met besides the layout: the files that failed to load, those robots.txt kept
 * Googlebot from, the console errors, and the HTML after the page's scripts ran (view and download).
 */

function More<T>({ list }: { list: MobileList<T> }) {
  const more = list.total - list.items.length;
  return more > 0 ? (
    <p className="muted">
      …and {more} more not listed (the report lists the first {list.items.length}).
    </p>
  ) : null;
}

function failureOf(resource: MobileFailedResource): string {
  return resource.status !== undefined ? `HTTP ${resource.status}` : (resource.error ?? 'No answer');
}

function FailedFiles({ list }: { list: MobileList<MobileFailedResource> }) {
  return (
    <section className="diagnostic" data-testid="failed-resources">
      <h3>Files that failed to load ({list.total})</h3>
      {list.total === 0 ? (
        <p className="muted">Every file the page asked for loaded.</p>
      ) : (
        <ul className="resource-list">
          {list.items.map((resource) => (
            <li key={`${resource.type} ${resource.url}`}>
              <code className="resource-url">{resource.url}</code>
              <span className="resource-meta">
                {resource.type} · <strong>{failureOf(resource)}</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
      <More list={list} />
    </section>
  );
}

function RobotsBlocked({ report }: { report: MobileReport }) {
  const list = report.robotsBlocked;
  return (
    <section className="diagnostic" data-testid="robots-blocked">
      <h3>Blocked by robots.txt{report.userAgent === 'googlebot' ? ` (${list?.total ?? 0})` : ''}</h3>
      {report.userAgent !== 'googlebot' ? (
        <p className="muted">
          A phone browser does not read robots.txt. Test as Googlebot smartphone to see which files Google may not load.
        </p>
      ) : !list || list.total === 0 ? (
        <p className="muted">robots.txt lets Googlebot load every file of this page.</p>
      ) : (
        <>
          <p className="muted">Googlebot did not fetch these, so Google renders the page without them:</p>
          <ul className="resource-list">
            {list.items.map((resource: MobileResource) => (
              <li key={`${resource.type} ${resource.url}`}>
                <code className="resource-url">{resource.url}</code>
                <span className="resource-meta">{resource.type}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {list ? <More list={list} /> : null}
    </section>
  );
}

function ConsoleErrors({ list }: { list: MobileList<MobileConsoleError> }) {
  return (
    <section className="diagnostic" data-testid="console-errors">
      <h3>JavaScript console errors ({list.total})</h3>
      {list.total === 0 ? (
        <p className="muted">No console errors and no uncaught exceptions.</p>
      ) : (
        <ul className="resource-list">
          {list.items.map((line, index) => (
            <li key={index}>
              <span className="resource-meta">
                <strong>{line.kind === 'exception' ? 'Uncaught exception' : 'Console error'}</strong>
                {line.source ? <> · {line.source}</> : null}
              </span>
              <code className="console-text">{line.text}</code>
            </li>
          ))}
        </ul>
      )}
      <More list={list} />
    </section>
  );
}

/** Lab Core Web Vitals and axe-core's failures, measured as the site audit measures a rendered page. */
function PageExperience({ report }: { report: MobileReport }) {
  const rules = report.accessibility ?? [];
  return (
    <section className="diagnostic" data-testid="page-experience">
      <h3>Core Web Vitals (lab) and accessibility</h3>
      <p>
        {report.vitals
          ? `${vitalsText(report.vitals)}, measured once the page had finished loading and changing on this screen (Lighthouse's mobile thresholds).`
          : 'The page could not be measured.'}
      </p>
      <AxeFindings findings={rules} />
    </section>
  );
}

function fileNameFor(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/[^a-z0-9.-]/gi, '-');
    return `rendered-${host || 'page'}.html`;
  } catch {
    return 'rendered-page.html';
  }
}

function RenderedHtml({ report, html }: { report: MobileReport; html: NonNullable<MobileReport['renderedHtml']> }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([html.html], { type: 'text/html;charset=utf-8' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [html.html]);
  return (
    <section className="diagnostic" data-testid="rendered-html">
      <h3>Rendered HTML</h3>
      <p className="muted">
        The page as its scripts left it ({formatSize(html.bytes)})
        {html.truncated
          ? `; only the first ${formatSize(MOBILE_REPORT_LIMITS.renderedHtmlBytes)} are kept, in the view and the download.`
          : '.'}
      </p>
      <div className="actions">
        {href ? (
          <a className="button secondary" href={href} download={fileNameFor(report.url)}>
            Download HTML
          </a>
        ) : null}
      </div>
      <details className="rendered-html">
        <summary>View the rendered HTML</summary>
        {/* A scrolling box: focusable, so it scrolls from the keyboard too. */}
        <pre tabIndex={0} role="region" aria-label="Rendered HTML">
          <code>{html.html}</code>
        </pre>
      </details>
    </section>
  );
}

export function Diagnostics({ report }: { report: MobileReport }) {
  if (!report.rendered) return null;
  return (
    <div className="mobile-diagnostics">
      {report.failedResources ? <FailedFiles list={report.failedResources} /> : null}
      <RobotsBlocked report={report} />
      {report.consoleErrors ? <ConsoleErrors list={report.consoleErrors} /> : null}
      {report.accessibility ? <PageExperience report={report} /> : null}
      {report.renderedHtml ? <RenderedHtml report={report} html={report.renderedHtml} /> : null}
    </div>
  );
}
