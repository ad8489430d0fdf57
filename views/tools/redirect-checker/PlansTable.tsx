import { useEffect, useState } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { PLAN_COLUMNS, PlanPrice } from '#views/components/Plans.tsx';
import { Table } from '#views/components/Table.tsx';
import { requestJson } from '#views/lib/request-json.ts';
import type { Plan } from '#views/model/plans.ts';

/** The redirect checker's plans, fetched when the island starts. */
export function PlansTable() {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    requestJson<Plan[]>('/api/bulk-url-redirection/plans', 'Failed to fetch plans')
      .then((data) => setPlans(Array.isArray(data) ? data : []))
      .catch(() => {
        setError('Failed to fetch plans');
        setPlans([]);
      });
  }, []);
  return (
    <section className="plans" aria-labelledby="plans-heading">
      <h2 id="plans-heading">Plans</h2>
      <ErrorMessage error={error} />
      <div className="table-scroll">
        <Table className="data-table" columns={PLAN_COLUMNS}>
          {plans === null ? (
            <tr>
              <td colSpan={PLAN_COLUMNS.length}>Loading plans…</td>
            </tr>
          ) : (
            plans.map((plan) => (
              <tr key={plan.id}>
                <th scope="row">{plan.name}</th>
                <td>
                  <PlanPrice plan={plan} />
                </td>
                <td>{plan.features.join(' · ')}</td>
              </tr>
            ))
          )}
        </Table>
      </div>
    </section>
  );
}
