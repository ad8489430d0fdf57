import type { IndexInspection } from '#views/model/index-checker.ts';
import { useTimeZone } from '#views/lib/local-time.ts';
import { inspectionFacts } from './inspection.ts';

/** Search Console's inspection details under a row's Indexed answer (decision 0047). */
export function InspectionFacts({ inspection }: { inspection: IndexInspection }) {
  const timeZone = useTimeZone();
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
