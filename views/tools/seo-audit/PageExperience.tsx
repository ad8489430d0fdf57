import { AxeFindings } from '#views/components/AxeFindings.tsx';
import type { AuditPageExperience } from '#views/model/seo-audit.ts';
import {
  NOT_SETTLED_TITLE,
  VITAL_GRADE_LABELS,
  VITALS,
  vitalThresholdsText,
  type VitalGrade,
  type VitalKey,
} from '#views/model/site-audit-checks/page-experience.ts';

/*
 * The one-page audit's "Page experience" (docs/decisions/0061): what a real browser measured on the page,
 * the mobile-friendly test's render on a phone, graded with the site audit's thresholds and words; or
 * why the page could not be rendered, without values.
 */

const KEYS: readonly VitalKey[] = ['lcpMs', 'cls', 'tbtMs'];

const BADGE: Record<VitalGrade, string> = {
  good: 'badge-pass',
  'needs-improvement': 'badge-warning',
  poor: 'badge-fail',
};

function Vitals({ experience }: { experience: Extract<AuditPageExperience, { status: 'measured' }> }) {
  return (
    <table className="audit-experience-table seo-experience-table">
      <caption>Core Web Vitals (lab, mobile thresholds)</caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">Value</th>
          <th scope="col">Grade</th>
        </tr>
      </thead>
      <tbody>
        {KEYS.map((key) => {
          const value = experience.vitals[key];
          const grade = experience.grades[key];
          return (
            <tr key={key} data-vital={key}>
              <th scope="row">
                {VITALS[key].name}
                <span className="audit-experience-threshold">{vitalThresholdsText(key)}</span>
              </th>
              <td>{value === null ? 'Not measured' : VITALS[key].show(value)}</td>
              <td>{grade ? <span className={`badge ${BADGE[grade]}`}>{VITAL_GRADE_LABELS[grade]}</span> : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function PageExperience({ experience }: { experience: AuditPageExperience }) {
  return (
    <section className="seo-experience" data-testid="page-experience">
      <h3>Page experience</h3>
      {experience.status === 'measured' ? (
        <>
          <p className="muted">
            Measured in a real browser (Chromium) on a {experience.screen} phone once the page had finished loading and
            changing: lab values without throttling, graded with Lighthouse’s mobile thresholds.
          </p>
          {experience.unsettled ? (
            <p className="seo-experience-missing">
              {NOT_SETTLED_TITLE}: {experience.unsettled}. The values are those of the page as it was then.
            </p>
          ) : null}
          <Vitals experience={experience} />
          <h4>Accessibility (WCAG 2.1 A and AA, axe-core)</h4>
          <AxeFindings findings={experience.accessibility} />
        </>
      ) : (
        <p className="seo-experience-missing">
          No lab Core Web Vitals or accessibility results for this page. {experience.reason}
        </p>
      )}
    </section>
  );
}
