import { AuditChecklist } from './AuditChecklist.tsx';
import { recommendationGroups, STATUS_LABELS } from './logic.ts';
import type { AuditCheck } from '#views/model/seo-audit.ts';

/**
 * All 22 recommendations, always shown: by category before an audit; after one, as the page's
 * checklist, failures first, with filter tabs.
 */
export function RecommendationList({ checks, idPrefix }: { checks: AuditCheck[] | null; idPrefix: string }) {
  if (checks) {
    return (
      <section className="recommendations" aria-labelledby="recommendations-heading">
        <h2 id="recommendations-heading">22 SEO recommendations for this page</h2>
        <AuditChecklist checks={checks} idPrefix={idPrefix} />
      </section>
    );
  }
  return (
    <section className="recommendations" aria-labelledby="recommendations-heading">
      <h2 id="recommendations-heading">22 SEO recommendations</h2>
      <p className="muted">Run an audit to see which of these your page passes.</p>
      {recommendationGroups(null).map((group) => (
        <div key={group.category} className="recommendation-group">
          <h3>{group.category}</h3>
          <ul>
            {group.rows.map((row) => (
              <li
                key={row.id}
                className={`recommendation${row.status ? ` status-${row.status}` : ''}`}
                data-check={row.id}
              >
                <div className="recommendation-title">
                  {row.status ? <span className={`badge badge-${row.status}`}>{STATUS_LABELS[row.status]}</span> : null}
                  <strong>{row.title}</strong>
                  <span className={`priority priority-${row.priority.toLowerCase()}`}>{row.priority}</span>
                </div>
                {row.detail ? <p className="recommendation-detail">{row.detail}</p> : null}
                {row.status !== 'pass' ? <p className="recommendation-advice">{row.advice}</p> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
