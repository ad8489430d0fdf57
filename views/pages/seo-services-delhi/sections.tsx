import { MaybeLink } from '#views/pages/shared/links.tsx';
import { benefitsTable, clientResults, strategies, toolsTable } from './content.ts';

export function BenefitsTable() {
  return (
    <div className="table-wrap">
      <table>
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
              <td>{meaning}</td>
              <td>{how}</td>
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
      <table>
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
              <td>{tool.desc}</td>
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
      <table>
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
              <td>
                <span className={strategy.effective ? 'badge yes' : 'badge no'}>{strategy.effective ? 'Yes' : 'No'}</span>
              </td>
              <td>{strategy.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ClientResultsTable() {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Client results</caption>
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col">Traffic</th>
            <th scope="col">Keywords</th>
            <th scope="col">Conversions</th>
            <th scope="col">Duration</th>
          </tr>
        </thead>
        <tbody>
          {clientResults.map((result) => (
            <tr key={result.client}>
              <th scope="row">{result.client}</th>
              <td>{result.traffic}</td>
              <td>{result.keywords}</td>
              <td>{result.conversions}</td>
              <td>{result.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
