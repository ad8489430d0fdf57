import type { Rule } from './context.ts';

/** Rules of the "indexing-content" checks (catalogue: views/model/site-audit-checks/indexing-content.ts). */
export const indexingContentRules: Record<string, Rule> = {};
