import type { FetchErrorCode } from '#server/lib/safe-fetch/index.ts';
import type { RedirectHopView, RedirectWarning } from '#views/model/redirect-checker.ts';

/** Failures where the site gave no usable answer: the link is broken for visitors too. */
const NO_ANSWER = new Set<FetchErrorCode>(['dns', 'timeout', 'network', 'tls', 'too-many-redirects']);

export type WarningHop = Pick<RedirectHopView, 'kind' | 'permanent'>;

/**
 * `hops` are the answers met in order (the last is the final answer when there is one);
 * `failure` is the fetch error that ended the chain, if any.
 * - temporary-redirect: a 302, 303 or 307 hop, or a delayed refresh (search engines keep the old URL indexed);
 * - chain: two or more redirects before the end;
 * - loop: the chain came back to a URL it had visited;
 * - broken: a final 4xx/5xx, or no answer at all (DNS, refused, timeout, TLS, endless chain).
 */
export function redirectWarnings(
  hops: readonly WarningHop[],
  finalStatus: number | null,
  failure: FetchErrorCode | null,
): RedirectWarning[] {
  const redirects = hops.filter((hop) => hop.kind !== 'final');
  const warnings: RedirectWarning[] = [];
  if (redirects.some((hop) => hop.permanent === false)) warnings.push('temporary-redirect');
  if (redirects.length >= 2) warnings.push('chain');
  if (failure === 'redirect-loop') warnings.push('loop');
  if ((finalStatus !== null && finalStatus >= 400) || (failure !== null && NO_ANSWER.has(failure)))
    warnings.push('broken');
  return warnings;
}
