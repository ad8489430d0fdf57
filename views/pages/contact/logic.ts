import { contactLimits } from '#views/pages/shared/form-limits.ts';
import { formatInr, ONE_TIME_AUDIT, SEO_PACKAGES } from '#views/model/plans.ts';
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

/** What a visitor asks about from the pricing page: a monthly package or the one-time audit, priced as it says. */
export interface AskedOffer {
  name: string;
  /** "package" after a package's name; nothing after the audit's, which says what it is. */
  noun: string;
  price: string;
}

/** The offer named in the address (?plan=<id>, from an "Ask about" button), when it is one. */
export function planFromQuery(search: string): AskedOffer | null {
  const id = new URLSearchParams(search).get('plan')?.trim() ?? '';
  if (id === ONE_TIME_AUDIT.id)
    return { name: ONE_TIME_AUDIT.name, noun: '', price: `${formatInr(ONE_TIME_AUDIT.priceInr)} + GST` };
  const plan = SEO_PACKAGES.find((entry) => entry.id === id);
  return plan ? { name: plan.name, noun: ' package', price: `${formatInr(plan.monthlyInr)} per month + GST` } : null;
}

/** The message a visitor asking about an offer starts with (they may change it). */
export function planMessage(offer: AskedOffer): string {
  return `I would like to know more about the ${offer.name}${offer.noun} (${offer.price}).`;
}

/** The message a visitor from an audit starts with (they may change it). */
export function auditMessage(from: FromAudit): string {
  const host = new URL(from.site).hostname;
  const score = from.score ? ` (health score ${from.score}/100)` : '';
  return `Please help me fix the problems the site audit found on ${host}${score}.`;
}
