import type { CaseStudy } from '#views/business.ts';
import { MaybeLink } from '#views/pages/shared/links.tsx';
import { caseStudyId } from '#views/pages/shared/ProfileProof.tsx';
import { benefitsTable, strategies, toolsTable } from './content.ts';

export function BenefitsTable() {
  return (
    <div className="table-wrap">
      <table className="card-table">
        <caption className="visually-hidden">Benefits of SEO and how we deliver them</caption>
        <thead>
          <tr>
            {benefitsTable.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {benefitsTable.rows.map(([benefit, meaning, how]) => (
            <tr key={benefit}>
              <th scope="row">{benefit}</th>
              <td data-label={benefitsTable.columns[1]}>{meaning}</td>
              <td data-label={benefitsTable.columns[2]}>{how}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ToolsTable() {
  return (
    <div className="table-wrap">
      <table className="card-table">
        <caption className="visually-hidden">Free SEO tools we use on client work</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">What it does</th>
          </tr>
        </thead>
        <tbody>
          {toolsTable.map((tool) => (
            <tr key={tool.name}>
              <th scope="row">
                <MaybeLink href={tool.url}>{tool.name}</MaybeLink>
              </th>
              <td data-label="What it does">{tool.desc}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StrategiesTable() {
  return (
    <div className="table-wrap">
      <table className="card-table">
        <caption className="visually-hidden">Which SEO strategies work today and why</caption>
        <thead>
          <tr>
            <th scope="col">Strategy</th>
            <th scope="col">Effective?</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {strategies.map((strategy) => (
            <tr key={strategy.name}>
              <th scope="row">{strategy.name}</th>
              <td data-label="Effective?">
                <span className={strategy.effective ? 'badge yes' : 'badge no'}>{strategy.effective ? 'Yes' : 'No'}</span>
              </td>
              <td data-label="Why">{strategy.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The profile's case studies in brief; each row links to the full study on /case-studies. */
export function ClientResultsTable({ studies }: { studies: CaseStudy[] }) {
  return (
    <div className="table-wrap">
      <table className="card-table">
        <caption className="visually-hidden">Client results</caption>
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col">Results</th>
            <th scope="col">Duration</th>
          </tr>
        </thead>
        <tbody>
          {studies.map((study, index) => (
            <tr key={caseStudyId(study, index)}>
              <th scope="row">
                <a href={`/case-studies#${caseStudyId(study, index)}`}>{study.client}</a>
              </th>
              <td data-label="Results">{study.results.join('; ')}</td>
              <td data-label="Duration">{study.duration ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
