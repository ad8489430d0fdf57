import type { Rule } from './context.ts';

/** Rules of the "rendering" checks (catalogue: views/model/site-audit-checks/rendering.ts). */
export const renderingRules: Record<string, Rule> = {};
