import { planPriceCell, type Plan } from '#views/model/plans.ts';

/** A plan's price: a link where the plan is bought or asked for elsewhere, else plain text. */
export function PlanPrice({ plan }: { plan: Plan }) {
  const cell = planPriceCell(plan);
  return cell.href ? <a href={cell.href}>{cell.text}</a> : <>{cell.text}</>;
}

/** The column headings of a tool's plans table (redirect checker, anchor text generator). */
export const PLAN_COLUMNS = ['Plan', 'Price', 'What you get'] as const;
