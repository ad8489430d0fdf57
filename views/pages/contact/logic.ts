import { contactLimits } from '#views/pages/shared/form-limits.ts';
import { formatInr, SEO_PACKAGES, type Package } from '#views/model/plans.ts';
import { isId } from '#views/model/ids.ts';

/** Where the visitor came from a site audit's call to action: ?site=…&score=…&audit=<id>. */
export interface FromAudit {
  site: string;
  score: string;
  audit: string;
}

/** The audit named in the address, when it is well formed (the server checks the id again). */
export function auditFromQuery(search: string): FromAudit | null {
  const query = new URLSearchParams(search);
  const site = query.get('site')?.trim() ?? '';
  const score = query.get('score')?.trim() ?? '';
  const audit = query.get('audit')?.trim() ?? '';
  if (!isId(audit) || !/^https?:\/\//i.test(site)) return null;
  return { site: site.slice(0, contactLimits.website), score: /^\d{1,3}$/.test(score) ? score : '', audit };
}

/** The package named in the address (?plan=<id>, from a package's "Ask about" button), when it is one. */
export function planFromQuery(search: string): Package | null {
  const id = new URLSearchParams(search).get('plan')?.trim() ?? '';
  return SEO_PACKAGES.find((plan) => plan.id === id) ?? null;
}

/** The message a visitor asking about a package starts with (they may change it). */
export function planMessage(plan: Package): string {
  return `I would like to know more about the ${plan.name} package (${formatInr(plan.monthlyInr)} per month + GST).`;
}

/** The message a visitor from an audit starts with (they may change it). */
export function auditMessage(from: FromAudit): string {
  const host = new URL(from.site).hostname;
  const score = from.score ? ` (health score ${from.score}/100)` : '';
  return `Please help me fix the problems the site audit found on ${host}${score}.`;
}
