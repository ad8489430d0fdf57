import { useState } from 'react';
import { byUrgency } from '#views/model/seo-audit-grade.ts';
import { RECOMMENDATIONS, type AuditCheck, type CheckStatus } from '#views/model/seo-audit.ts';
import { STATUS_LABELS } from './logic.ts';

type Filter = 'all' | CheckStatus;

const FILTERS: Array<{ filter: Filter; label: string }> = [
  { filter: 'all', label: 'All' },
  { filter: 'fail', label: 'Failed' },
  { filter: 'warning', label: 'Warnings' },
  { filter: 'pass', label: 'Passed' },
];

const ADVICE = new Map(RECOMMENDATIONS.map((item) => [item.id, item.advice]));

/** After an audit: the 22 checks, failures first, then warnings (High priority first), with filter tabs. */
export function AuditChecklist({ checks, idPrefix }: { checks: AuditCheck[]; idPrefix: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const count = (value: Filter) =>
    value === 'all' ? checks.length : checks.filter((check) => check.status === value).length;
  const shown = byUrgency(checks).filter((check) => filter === 'all' || check.status === filter);
  return (
    <>
      <div className="check-filters" role="tablist" aria-label="Show checks">
        {FILTERS.map((item) => (
          <button
            key={item.filter}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.filter}`}
            aria-selected={filter === item.filter}
            aria-controls={`${idPrefix}-checks`}
            className={`check-filter${filter === item.filter ? ' is-active' : ''}`}
            onClick={() => setFilter(item.filter)}
          >
            {item.label} ({count(item.filter)})
          </button>
        ))}
      </div>
      {/* The tab panel wraps the list: a role on the <ul> itself would hide its items from assistive tech. */}
      <div id={`${idPrefix}-checks`} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${filter}`}>
        <ul className="audit-check-list">
          {shown.map((check) => (
            <li key={check.id} className={`recommendation status-${check.status}`} data-check={check.id}>
              <div className="recommendation-title">
                <span className={`badge badge-${check.status}`}>{STATUS_LABELS[check.status]}</span>
                <strong>{check.title}</strong>
                <span className={`priority priority-${check.priority.toLowerCase()}`}>{check.priority}</span>
                <span className="category">{check.category}</span>
              </div>
              <p className="recommendation-detail">{check.detail}</p>
              {check.status !== 'pass' ? <p className="recommendation-advice">{ADVICE.get(check.id)}</p> : null}
            </li>
          ))}
          {shown.length === 0 ? <li className="muted">None.</li> : null}
        </ul>
      </div>
    </>
  );
}
