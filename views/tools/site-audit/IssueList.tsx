import { useState } from 'react';
import type { IssueType } from '#views/model/site-audit.ts';
import { linkedFrom, linkSentence, positionWords, type AuditLinkGroups } from '#views/model/site-audit-report.ts';
import { filterGroups, plural, shortUrl, type SeverityFilter } from './logic.ts';
import type { AuditIssueGroup } from './schema.ts';

// The report's issues: every group, filtered by severity and text, each with its URLs and the links behind it.

const URLS_SHOWN = 50;
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

function IssueGroupItem({ group, info, siteUrl }: { group: AuditIssueGroup; info?: IssueType; siteUrl?: string }) {
  const [all, setAll] = useState(false);
  const urls = all ? group.urls : group.urls.slice(0, URLS_SHOWN);
  return (
    <li className={`audit-issue audit-${group.severity}`}>
      <details>
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
        <ul className="audit-urls">
          {urls.map((url) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener nofollow">
                {shortUrl(url, siteUrl)}
              </a>
            </li>
          ))}
        </ul>
        {group.urls.length > URLS_SHOWN && !all ? (
          <button type="button" className="button secondary" onClick={() => setAll(true)}>
            Show all {group.urls.length} URLs
          </button>
        ) : null}
      </details>
    </li>
  );
}

/** Every issue group, filtered by severity and text. */
export function IssuesSection({
  groups,
  types,
  idPrefix,
  siteUrl,
}: {
  groups: AuditIssueGroup[];
  types: Map<string, IssueType>;
  idPrefix: string;
  siteUrl?: string;
}) {
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const [text, setText] = useState('');
  const shown = filterGroups(groups, severity, text);
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
          <IssueGroupItem key={group.type} group={group} info={types.get(group.type)} siteUrl={siteUrl} />
        ))}
      </ul>
    </>
  );
}
