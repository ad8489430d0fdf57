import type { ExternalCheck } from '../external-links.ts';
import { LOADED_AS, type UrlNode } from '../store.ts';
import { LARGE_SCRIPT_BYTES, LARGE_STYLESHEET_BYTES } from '../thresholds.ts';
import {
  describeStatus,
  type Finding,
  isError,
  isRedirect,
  listDetail,
  nodeRule,
  pageRule,
  pages,
  type Rule,
  type RuleContext,
  type RuleFunction,
  siteRule,
  urls,
} from './context.ts';

type Kind = 'scripts' | 'stylesheets';

/** Pages loading each script or stylesheet target (internal id ≥ 0, external -1 - index). */
function loaders(context: RuleContext, kind: Kind): Map<number, string[]> {
  const byTarget = new Map<number, string[]>();
  for (const node of pages(context)) {
    for (const target of node.page[kind]) {
      const list = byTarget.get(target);
      if (list) list.push(node.url);
      else byTarget.set(target, [node.url]);
    }
  }
  return byTarget;
}

const loadedBy = (urls: string[]) => `loaded by ${listDetail(urls, 3)}`;

/** An internal URL that failed: 4xx, 5xx, or no answer at all. */
const isBrokenNode = (node: UrlNode) => isError(node) || (node.status === 0 && node.error !== null);

/** What an external URL's check says went wrong, when it is broken or timed out. */
function externalFailure(check: ExternalCheck | undefined): string | null {
  if (check?.kind === 'broken' || check?.kind === 'timeout') return check.detail;
  return null;
}

function urlOf(context: RuleContext, target: number): string {
  return target >= 0 ? context.nodes[target].url : context.strings.externals[-1 - target];
}

/** Why a loaded target is broken, or null: internal by its own fetch, external by the external check. */
function brokenReason(context: RuleContext, target: number): string | null {
  if (target >= 0) {
    const node = context.nodes[target];
    return isBrokenNode(node) ? describeStatus(node) : null;
  }
  return externalFailure(context.externalChecks[-1 - target]);
}

function broken(kind: Kind): RuleFunction {
  return (context) => {
    const findings: Finding[] = [];
    for (const [target, urls] of loaders(context, kind)) {
      const reason = brokenReason(context, target);
      if (reason !== null) findings.push({ url: urlOf(context, target), detail: `${reason}; ${loadedBy(urls)}` });
    }
    return findings;
  };
}

function redirected(kind: Kind): RuleFunction {
  return (context) => {
    const findings: Finding[] = [];
    for (const [target, urls] of loaders(context, kind)) {
      if (target >= 0) {
        const node = context.nodes[target];
        if (!isRedirect(node)) continue;
        const to = node.redirectTo >= 0 ? context.nodes[node.redirectTo].url : (node.redirectExternal ?? 'nowhere');
        findings.push({ url: node.url, detail: `HTTP ${node.status} to ${to}; ${loadedBy(urls)}` });
      } else {
        const check = context.externalChecks[-1 - target];
        if (check?.kind !== 'redirected') continue;
        findings.push({
          url: urlOf(context, target),
          detail: `HTTP ${check.status} to ${check.finalUrl}; ${loadedBy(urls)}`,
        });
      }
    }
    return findings;
  };
}

function tooLarge(kind: Kind, limit: number): RuleFunction {
  return (context) => {
    const findings: Finding[] = [];
    for (const [target, urls] of loaders(context, kind)) {
      if (target < 0) continue;
      const node = context.nodes[target];
      if (node.status === 200 && node.page === null && node.bytes > limit)
        findings.push({ url: node.url, detail: `${Math.round(node.bytes / 1024)} KB; ${loadedBy(urls)}` });
    }
    return findings;
  };
}

/** Pages per external URL's links, for the external link findings. */
function externalLinks(
  context: RuleContext,
  kinds: ReadonlyArray<ExternalCheck['kind']>,
  detail: (check: ExternalCheck) => string,
): Finding[] {
  const findings: Finding[] = [];
  context.externalChecks.forEach((check, index) => {
    if (!check || !kinds.includes(check.kind)) return;
    const target = -1 - index;
    const count = context.linkIndex.count(target);
    if (count === 0) return;
    findings.push({
      url: context.strings.externals[index],
      detail: `${detail(check)}; linked ${count === 1 ? 'once' : `${count} times`}`,
      links: context.linkIndex.to(target),
    });
  });
  return findings;
}

const describeCheck = (check: ExternalCheck): string => {
  switch (check.kind) {
    case 'redirected':
      return `HTTP ${check.status}, ends at ${check.finalUrl} (HTTP ${check.finalStatus}${check.hops > 1 ? ` after ${check.hops} redirects` : ''})`;
    case 'ok':
      return `HTTP ${check.status}`;
    default:
      return check.detail;
  }
};

/** Rules of the "resources" checks (catalogue: views/model/site-audit-checks/resources.ts). */
export const resourcesRules: Record<string, Rule> = {
  'js-broken': siteRule(broken('scripts')),
  'css-broken': siteRule(broken('stylesheets')),
  'js-redirected': siteRule(redirected('scripts')),
  'css-redirected': siteRule(redirected('stylesheets')),
  'js-too-large': siteRule(tooLarge('scripts', LARGE_SCRIPT_BYTES)),
  'css-too-large': siteRule(tooLarge('stylesheets', LARGE_STYLESHEET_BYTES)),
  'img-redirected': siteRule((context) => {
    const shownOn = new Map<number, string[]>();
    for (const node of pages(context))
      for (const id of node.page.images) {
        const list = shownOn.get(id);
        if (list) list.push(node.url);
        else shownOn.set(id, [node.url]);
      }
    return [...shownOn]
      .map(([id, urls]) => ({ node: context.nodes[id], urls }))
      .filter(({ node }) => isRedirect(node))
      .map(({ node, urls }) => ({
        url: node.url,
        detail: `HTTP ${node.status} to ${node.redirectTo >= 0 ? context.nodes[node.redirectTo].url : (node.redirectExternal ?? 'nowhere')}; shown on ${listDetail(urls, 3)}`,
      }));
  }),
  'resource-blocked-by-robots': nodeRule((c) =>
    urls(c)
      .filter((node) => node.skipped === 'robots' && node.loadedAs !== 0)
      .map((node) => ({
        url: node.url,
        detail: `${node.loadedAs & LOADED_AS.script ? 'script' : node.loadedAs & LOADED_AS.stylesheet ? 'stylesheet' : 'image'} disallowed by robots.txt`,
      })),
  ),
  'page-loads-broken-resource': pageRule((context) =>
    pages(context).flatMap((node) => {
      const bad = [...node.page.scripts, ...node.page.stylesheets]
        .map((target) => ({ target, reason: brokenReason(context, target) }))
        .filter((entry) => entry.reason !== null)
        .map((entry) => `${urlOf(context, entry.target)} (${entry.reason})`);
      return bad.length ? [{ url: node.url, detail: `loads ${listDetail(bad)}` }] : [];
    }),
  ),
  'external-broken': siteRule((context) => externalLinks(context, ['broken'], describeCheck)),
  'external-redirected': siteRule((context) => externalLinks(context, ['redirected'], describeCheck)),
  'external-timeout': siteRule((context) => externalLinks(context, ['timeout'], describeCheck)),
  'external-unverified': siteRule((context) => externalLinks(context, ['unverified'], describeCheck)),
};
