import { recommendationGroups, STATUS_LABELS } from './logic.ts';
import type { AuditCheck } from '#views/model/seo-audit.ts';

/** All 22 recommendations, always shown; after an audit each row carries its pass/warning/fail. */
export function RecommendationList({ checks }: { checks: AuditCheck[] | null }) {
  return (
    <section className="recommendations" aria-labelledby="recommendations-heading">
      <h2 id="recommendations-heading">22 SEO recommendations{checks ? ' for this page' : ''}</h2>
      {checks ? null : <p className="muted">Run an audit to see which of these your page passes.</p>}
      {recommendationGroups(checks).map((group) => (
        <div key={group.category} className="recommendation-group">
          <h3>{group.category}</h3>
          <ul>
            {group.rows.map((row) => (
              <li key={row.id} className={`recommendation${row.status ? ` status-${row.status}` : ''}`} data-check={row.id}>
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
