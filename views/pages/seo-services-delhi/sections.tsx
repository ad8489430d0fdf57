import type { CaseStudy } from '#views/business.ts';
import { Table } from '#views/components/Table.tsx';
import { MaybeLink } from '#views/pages/shared/links.tsx';
import { caseStudyId } from '#views/pages/shared/ProfileProof.tsx';
import { benefitsTable, strategies, toolsTable } from './content.ts';

export function BenefitsTable() {
  return (
    <div className="table-wrap">
      <Table
        className="card-table"
        caption="Benefits of SEO and how we deliver them"
        hiddenCaption
        columns={benefitsTable.columns}
      >
        {benefitsTable.rows.map(([benefit, meaning, how]) => (
          <tr key={benefit}>
            <th scope="row">{benefit}</th>
            <td data-label={benefitsTable.columns[1]}>{meaning}</td>
            <td data-label={benefitsTable.columns[2]}>{how}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

export function ToolsTable() {
  return (
    <div className="table-wrap">
      <Table
        className="card-table"
        caption="Free SEO tools we use on client work"
        hiddenCaption
        columns={['Tool', 'What it does']}
      >
        {toolsTable.map((tool) => (
          <tr key={tool.name}>
            <th scope="row">
              <MaybeLink href={tool.url}>{tool.name}</MaybeLink>
            </th>
            <td data-label="What it does">{tool.desc}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

export function StrategiesTable() {
  return (
    <div className="table-wrap">
      <Table
        className="card-table"
        caption="Which SEO strategies work today and why"
        hiddenCaption
        columns={['Strategy', 'Effective?', 'Why']}
      >
        {strategies.map((strategy) => (
          <tr key={strategy.name}>
            <th scope="row">{strategy.name}</th>
            <td data-label="Effective?">
              <span className={strategy.effective ? 'badge yes' : 'badge no'}>{strategy.effective ? 'Yes' : 'No'}</span>
            </td>
            <td data-label="Why">{strategy.reason}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

/** The profile's case studies in brief; each row links to the full study on /case-studies. */
export function ClientResultsTable({ studies }: { studies: CaseStudy[] }) {
  return (
    <div className="table-wrap">
      <Table className="card-table" caption="Client results" hiddenCaption columns={['Client', 'Results', 'Duration']}>
        {studies.map((study, index) => (
          <tr key={caseStudyId(study, index)}>
            <th scope="row">
              <a href={`/case-studies#${caseStudyId(study, index)}`}>{study.client}</a>
            </th>
            <td data-label="Results">{study.results.join('; ')}</td>
            <td data-label="Duration">{study.duration ?? ''}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
