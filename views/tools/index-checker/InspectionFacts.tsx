import type { IndexInspection } from '#views/model/index-checker.ts';
import { inspectionFacts } from './inspection.ts';

/** Search Console's inspection details under a row's Indexed answer (decision 0047). */
export function InspectionFacts({ inspection, timeZone }: { inspection: IndexInspection; timeZone?: string }) {
  return (
    <dl className="inspection">
      {inspectionFacts(inspection, timeZone).map((fact) => (
        <div key={fact.label} className={fact.problem ? 'inspection-problem' : undefined}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
