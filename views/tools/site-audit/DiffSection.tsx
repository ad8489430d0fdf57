import type { IssueType } from '#views/model/site-audit.ts';
import { bySeverity, type DiffCause, type DiffItem } from '#views/model/site-audit-diff.ts';
import { plural, reportPath, shortUrl } from './logic.ts';
import type { AuditView } from './schema.ts';

/** One issue of the diff: its check's title, where, and its severity. */
function DiffLine({ item, types, siteUrl }: { item: DiffItem } & LineProps) {
  const type = types.get(item.type);
  return (
    <>
      {type ? <span className={`audit-badge audit-badge-${type.severity}`}>{type.severity}</span> : null}{' '}
      {type?.title ?? item.type}: {shortUrl(item.url, siteUrl)}
    </>
  );
}

interface LineProps {
  types: Map<string, IssueType>;
  siteUrl?: string;
}

/** The diff's items, each a line; a cause with its own lists under it. */
function DiffItems({ items, ...line }: { items: ReadonlyArray<DiffItem | DiffCause> } & LineProps) {
  return items.map((item) =>
    'followed' in item ? (
      <CauseLine key={`${item.type} ${item.url}`} cause={item} {...line} />
    ) : (
      <li key={`${item.type} ${item.url}`}>
        <DiffLine item={item} {...line} />
      </li>
    ),
  );
}

/** A regression and what came with it: the new issues it brought, and its earlier issues, gone but not fixed. */
function CauseLine({ cause, ...line }: { cause: DiffCause } & LineProps) {
  const lists: Array<[string, DiffItem[]]> = [
    ['Because of it', cause.followed],
    ['No longer checked there (not fixed)', cause.gone],
    ['No longer compared with it (not fixed)', cause.compared ?? []],
  ];
  return (
    <li className="audit-diff-cause">
      <DiffLine item={cause} {...line} />
      {lists.map(([label, items]) =>
        items.length ? (
          <div key={label}>
            <span className="audit-diff-label">{label}:</span>
            <ul>
              <DiffItems items={items} {...line} />
            </ul>
          </div>
        ) : null,
      )}
    </li>
  );
}

/** The issues new and fixed since the previous audit of the site, errors first, side effects under their cause. */
export function DiffSection({ diff, ...line }: { diff: NonNullable<AuditView['diff']> } & LineProps) {
  const lists: Array<[string, Array<DiffItem | DiffCause>]> = [
    ['New', bySeverity<DiffItem | DiffCause>([...(diff.causes ?? []), ...diff.newIssues])],
    ['Fixed', bySeverity(diff.fixedIssues)],
  ];
  return (
    <div className="audit-diff">
      <h3>
        Since the <a href={reportPath(diff.previousId)}>previous audit</a>
      </h3>
      <p>
        {plural(diff.newCount, 'new issue')} · {plural(diff.fixedCount, 'fixed issue')}
      </p>
      {lists.map(([label, items]) =>
        items.length ? (
          <details key={label} open>
            <summary>{label}</summary>
            <ul className="audit-urls">
              <DiffItems items={items} {...line} />
            </ul>
          </details>
        ) : null,
      )}
    </div>
  );
}
