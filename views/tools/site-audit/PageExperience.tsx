import { vitalsText, type PageExperienceSection } from '#views/model/page-experience-report.ts';
import {
  VITAL_GRADE_LABELS,
  VITALS,
  vitalThresholdsText,
  type VitalGrade,
  type VitalKey,
} from '#views/model/site-audit-checks/page-experience.ts';
import { plural, shortUrl } from './logic.ts';

/*
 * The report's "Page experience" section, for audits run with "Render JavaScript" (decision 0056): how
 * the rendered pages grade on each lab Core Web Vital, the worst pages, and the accessibility rules that
 * fail on most pages. The section is computed when the audit ends (views/model/page-experience-report.ts).
 */

const GRADES = Object.entries(VITAL_GRADE_LABELS) as ReadonlyArray<[VitalGrade, string]>;

const ROWS: ReadonlyArray<[VitalKey, 'lcp' | 'cls' | 'tbt']> = [
  ['lcpMs', 'lcp'],
  ['cls', 'cls'],
  ['tbtMs', 'tbt'],
];

function Distribution({ section }: { section: PageExperienceSection }) {
  return (
    <table className="audit-experience-table">
      <caption>Core Web Vitals (lab, mobile thresholds): pages per grade</caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          {GRADES.map(([grade, label]) => (
            <th scope="col" key={grade}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map(([key, field]) => (
          <tr key={key}>
            <th scope="row">
              {VITALS[key].name}
              <span className="audit-experience-threshold">{vitalThresholdsText(key)}</span>
            </th>
            {GRADES.map(([grade]) => (
              <td key={grade} className={`audit-grade-${grade}`}>
                {section[field][grade].toLocaleString('en-IN')}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PageExperience({ section, siteUrl }: { section: PageExperienceSection; siteUrl?: string }) {
  return (
    <section className="audit-experience">
      <h3>Page experience</h3>
      <p>
        Measured in the audit’s browser on {plural(section.pages, 'rendered page')}: lab values (a 1280×800 window, no
        throttling), graded with Lighthouse’s mobile thresholds. Every page’s value is in the issues below.
      </p>
      <Distribution section={section} />
      <h4>Worst pages</h4>
      {section.worst.length ? (
        <ol className="audit-experience-worst">
          {section.worst.map((page) => (
            <li key={page.url}>
              <span className="audit-page-url">{shortUrl(page.url, siteUrl)}</span> <span>{vitalsText(page)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p>Every measured page is good on all three vitals.</p>
      )}
      <h4>Accessibility rules that fail most</h4>
      {section.axeRules.length ? (
        <ol className="audit-experience-rules">
          {section.axeRules.map(({ rule, pages }) => (
            <li key={rule}>
              <code>{rule}</code> on {plural(pages, 'page')}
            </li>
          ))}
        </ol>
      ) : (
        <p>No rendered page fails an axe-core WCAG 2.1 A or AA rule.</p>
      )}
    </section>
  );
}
