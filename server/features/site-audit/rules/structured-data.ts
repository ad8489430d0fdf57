import type { Rule } from './context.ts';

/** Rules of the "structured-data" checks (catalogue: views/model/site-audit-checks/structured-data.ts). */
export const structuredDataRules: Record<string, Rule> = {};
