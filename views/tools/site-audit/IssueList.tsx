import { useEffect, useState } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { requestJson } from '#views/lib/request-json.ts';
import type { IssueType } from '#views/model/site-audit.ts';
import { linkedFrom, linkSentence, positionWords, type AuditLinkGroups } from '#views/model/site-audit-report.ts';
import { filterGroups, plural, shortUrl, type SeverityFilter } from './logic.ts';
import type { AuditIssueGroup, AuditIssueUrls } from './schema.ts';
import { useSettled } from './use-settled.ts';
import { Pager } from './Pager.tsx';

// The report's issues: every group, filtered by severity and text, each with its URLs (a page at a
// time from the server) and the links behind it.

const URLS_SHOWN = 50;
const NONE: ReadonlySet<string> = new Set();
const FILTERS: Array<[SeverityFilter, string]> = [
  ['all', 'All'],
  ['error', 'Errors'],
  ['warning', 'Warnings'],
  ['notice', 'Notices'],
];

/** Each link behind a link issue: where it is on the page, its text, where it points, the pages carrying it. */
function LinkRows({ links, siteUrl }: { links: AuditLinkGroups; siteUrl?: string }) {
  const short = (url: string) => shortUrl(url, siteUrl);
  return (
    <>
      {links.inbound ? <p className="audit-urls-heading">Links to these URLs on your site:</p> : null}
      <ul className="audit-links">
        {links.groups.map((link) => (
          <li key={`${link.position} ${link.anchor} ${link.target}`} className="audit-link">
            <p className="audit-link-where">{linkSentence(link)}</p>
            <dl>
              <div>
                <dt>Linked from</dt>
                <dd className="audit-link-sources">{linkedFrom(link, short).replace(/^Linked from /, '')}</dd>
              </div>
              <div>
                <dt>Target</dt>
                <dd>
                  <a href={link.target} target="_blank" rel="noopener nofollow">
                    {short(link.target)}
                  </a>
                </dd>
              </div>
              <div>
                <dt>Anchor text</dt>
                <dd className="audit-link-anchor">{link.anchor ? `“${link.anchor}”` : '(no text)'}</dd>
              </div>
              <div>
                <dt>Position</dt>
                <dd className="audit-link-position">{positionWords(link.position).replace(/^in the /, '')}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {links.distinct > links.groups.length ? (
        <p className="audit-note">
          {plural(links.distinct - links.groups.length, 'more link')} not shown: the CSV export lists every one.
        </p>
      ) : null}
    </>
  );
}

/** A page of the group's URLs, read from the server when the group is opened and as the pager turns. */
function useIssueUrls(auditId: string, type: string, open: boolean, page: number) {
  const [data, setData] = useState<AuditIssueUrls | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    let live = true;
    const query = new URLSearchParams({ page: String(page), perPage: String(URLS_SHOWN) });
    requestJson<AuditIssueUrls>(`/api/site-audits/${auditId}/issues/${type}?${query}`, 'Failed to load the URLs')
      .then((result) => live && (setData(result), setError('')))
      .catch((failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)));
    return () => {
      live = false;
    };
  }, [auditId, type, open, page]);
  return { data, error };
}

function IssueGroupItem(props: { auditId: string; group: AuditIssueGroup; info?: IssueType; siteUrl?: string }) {
  const { auditId, group, info, siteUrl } = props;
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const { data, error } = useIssueUrls(auditId, group.type, open, page);
  const pages = Math.max(1, Math.ceil(group.count / URLS_SHOWN));
  return (
    <li className={`audit-issue audit-${group.severity}`}>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className={`audit-badge audit-badge-${group.severity}`}>{group.severity}</span>
          <span className="audit-issue-title">{group.title}</span>
          <span className="audit-count">{group.count}</span>
        </summary>
        {info ? <p>{info.description}</p> : null}
        {info ? (
          <p>
            <strong>How to fix:</strong> {info.howToFix}
          </p>
        ) : null}
        {group.links ? <LinkRows links={group.links} siteUrl={siteUrl} /> : null}
        {group.links ? <p className="audit-urls-heading">Pages with this issue:</p> : null}
        <ErrorMessage error={error} />
        <ul className="audit-urls" aria-busy={open && data?.page !== page}>
          {(data?.urls ?? []).map(({ url }) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener nofollow">
                {shortUrl(url, siteUrl)}
              </a>
            </li>
          ))}
        </ul>
        <Pager label={`Pages of URLs with ${group.title}`} page={page} pages={pages} onPage={setPage} />
      </details>
    </li>
  );
}

/** The types with a URL containing the text, asked of the server (it holds the URLs); empty while none is typed. */
function useUrlMatches(auditId: string, text: string): ReadonlySet<string> {
  const [matches, setMatches] = useState<{ text: string; types: ReadonlySet<string> }>({ text: '', types: NONE });
  const needle = useSettled(text.trim());
  useEffect(() => {
    if (!needle) return;
    let live = true;
    const query = new URLSearchParams({ q: needle });
    requestJson<{ issues: AuditIssueGroup[] }>(`/api/site-audits/${auditId}/issues?${query}`, 'Failed to filter')
      .then((result) => live && setMatches({ text: needle, types: new Set(result.issues.map((group) => group.type)) }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [auditId, needle]);
  return matches.text === text.trim() ? matches.types : NONE;
}

/** Every issue group, filtered by severity and text. */
export function IssuesSection({
  auditId,
  groups,
  types,
  idPrefix,
  siteUrl,
}: {
  auditId: string;
  groups: AuditIssueGroup[];
  types: Map<string, IssueType>;
  idPrefix: string;
  siteUrl?: string;
}) {
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const [text, setText] = useState('');
  const shown = filterGroups(groups, severity, text, useUrlMatches(auditId, text));
  return (
    <>
      <h3>Issues</h3>
      <div className="audit-filters" role="group" aria-label="Filter issues">
        {FILTERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={`chip${severity === value ? ' active' : ''}`}
            aria-pressed={severity === value}
            onClick={() => setSeverity(value)}
          >
            {label}
          </button>
        ))}
        <label className="visually-hidden" htmlFor={`${idPrefix}-filter`}>
          Filter issues by text
        </label>
        <input
          id={`${idPrefix}-filter`}
          type="search"
          placeholder="Filter by issue or URL"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {groups.length === 0 ? <p className="success">No issues found. Well done!</p> : null}
      {groups.length > 0 && shown.length === 0 ? <p>No issues match this filter.</p> : null}
      <ul className="audit-issues">
        {shown.map((group) => (
          <IssueGroupItem
            key={group.type}
            auditId={auditId}
            group={group}
            info={types.get(group.type)}
            siteUrl={siteUrl}
          />
        ))}
      </ul>
    </>
  );
}
