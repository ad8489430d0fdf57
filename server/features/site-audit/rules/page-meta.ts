import type { Rule } from './context.ts';

/** Rules of the "page-meta" checks (catalogue: views/model/site-audit-checks/page-meta.ts). */
export const pageMetaRules: Record<string, Rule> = {};
