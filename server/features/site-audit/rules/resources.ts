import type { Rule } from './context.ts';

/** Rules of the "resources" checks (catalogue: views/model/site-audit-checks/resources.ts). */
export const resourcesRules: Record<string, Rule> = {};
