import type { ExternalCheck } from '../external-links.ts';
import { LOADED_AS, type UrlNode } from '../store.ts';
import { LARGE_SCRIPT_BYTES, LARGE_STYLESHEET_BYTES } from '../thresholds.ts';
import { sizeText } from '#views/model/counted-size.ts';
import {
  describeStatus,
  type Finding,
  isError,
  isRedirect,
  listDetail,
  listDetailOf,
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

/** Pages loading each script, stylesheet or image target (internal id ≥ 0, external -1 - index), in page order. */
function loaders(context: RuleContext, kind: Kind | 'images'): Map<number, string[]> {
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

/** "loaded by" the first three pages (by id) and the number of the rest; `count`: of all, when `urls` holds the first only. */
export const loadedBy = (urls: string[], count = urls.length) => `loaded by ${listDetailOf(urls, count, 3)}`;

/** An internal URL that failed: 4xx, 5xx, or no answer at all. */
const isBrokenNode = (node: Pick<UrlNode, 'status' | 'error'>) =>
  isError(node) || (node.status === 0 && node.error !== null);

/** What an external URL's check says went wrong, when it is broken or timed out. */
function externalFailure(check: ExternalCheck | undefined): string | null {
  if (check?.kind === 'broken' || check?.kind === 'timeout') return check.detail;
  return null;
}

/**
 * A script, stylesheet or image pages load, as the resource rules judge it: an internal URL's answer
 * (with the URL its redirect names: internal, other-site or none) and whether it was read as a page, or
 * an other-site URL's check (undefined: not checked).
 */
export type LoadedTarget =
  | {
      internal: Pick<UrlNode, 'url' | 'status' | 'error' | 'bytes' | 'redirectExternal'> & {
        redirectUrl: string | null;
        isPage: boolean;
      };
    }
  | { external: string; check: ExternalCheck | undefined };

/** What each resource check says of a loaded target (before "; loaded by …"), or null when it has nothing to say. */
export const RESOURCE_VERDICTS = {
  broken(target: LoadedTarget): string | null {
    if ('external' in target) return externalFailure(target.check);
    return isBrokenNode(target.internal) ? describeStatus(target.internal) : null;
  },
  redirected(target: LoadedTarget): string | null {
    if ('external' in target)
      return target.check?.kind === 'redirected' ? `HTTP ${target.check.status} to ${target.check.finalUrl}` : null;
    const node = target.internal;
    if (!isRedirect(node)) return null;
    return `HTTP ${node.status} to ${node.redirectUrl ?? node.redirectExternal ?? 'nowhere'}`;
  },
  tooLarge(target: LoadedTarget, limit: number): string | null {
    if ('external' in target) return null;
    const node = target.internal;
    return node.status === 200 && !node.isPage && node.bytes > limit ? sizeText(node.bytes) : null;
  },
};

/** A target of a page's scripts, stylesheets or images as the verdicts read it. */
function loadedTarget(context: RuleContext, target: number): LoadedTarget {
  if (target < 0) return { external: urlOf(context, target), check: context.externalChecks[-1 - target] };
  const node = context.nodes[target];
  const redirectUrl = node.redirectTo >= 0 ? context.nodes[node.redirectTo].url : null;
  return { internal: { ...node, redirectUrl, isPage: node.page !== null } };
}

const targetUrl = (target: LoadedTarget) => ('external' in target ? target.external : target.internal.url);

function urlOf(context: RuleContext, target: number): string {
  return target >= 0 ? context.nodes[target].url : context.strings.externals[-1 - target];
}

/** Why a loaded target is broken, or null: internal by its own fetch, external by the external check. */
function brokenReason(context: RuleContext, target: number): string | null {
  return RESOURCE_VERDICTS.broken(loadedTarget(context, target));
}

/** A resource rule: each target the pages load (scripts, stylesheets or images) that the verdict speaks of. */
function judged(
  kind: Kind | 'images',
  verdict: (target: LoadedTarget) => string | null,
  pagesWord = loadedBy,
): RuleFunction {
  return (context) => {
    const findings: Finding[] = [];
    for (const [target, urls] of loaders(context, kind)) {
      const loaded = loadedTarget(context, target);
      const said = verdict(loaded);
      if (said !== null) findings.push({ url: targetUrl(loaded), detail: `${said}; ${pagesWord(urls)}` });
    }
    return findings;
  };
}

/** "shown on" the first three pages (by id) and the number of the rest. */
export const shownOn = (urls: string[], count = urls.length) => `shown on ${listDetailOf(urls, count, 3)}`;

/** An external link finding's detail: what the check found, and how many links point at the URL. */
export const linkedDetail = (check: ExternalCheck, count: number) =>
  `${describeCheck(check)}; linked ${count === 1 ? 'once' : `${count} times`}`;

/** Pages per external URL's links, for the external link findings. */
function externalLinks(context: RuleContext, kind: ExternalCheck['kind']): Finding[] {
  const findings: Finding[] = [];
  context.externalChecks.forEach((check, index) => {
    if (check?.kind !== kind) return;
    const target = -1 - index;
    const count = context.linkIndex.count(target);
    if (count === 0) return;
    findings.push({
      url: context.strings.externals[index],
      detail: linkedDetail(check, count),
      links: context.linkIndex.to(target),
    });
  });
  return findings;
}

function describeCheck(check: ExternalCheck): string {
  switch (check.kind) {
    case 'redirected':
      return `HTTP ${check.status}, ends at ${check.finalUrl} (HTTP ${check.finalStatus}${check.hops > 1 ? ` after ${check.hops} redirects` : ''})`;
    case 'ok':
      return `HTTP ${check.status}`;
    default:
      return check.detail;
  }
}

/** Rules of the "resources" checks (catalogue: views/model/site-audit-checks/resources.ts). */
export const resourcesRules: Record<string, Rule> = {
  'js-broken': siteRule(judged('scripts', RESOURCE_VERDICTS.broken)),
  'css-broken': siteRule(judged('stylesheets', RESOURCE_VERDICTS.broken)),
  'js-redirected': siteRule(judged('scripts', RESOURCE_VERDICTS.redirected)),
  'css-redirected': siteRule(judged('stylesheets', RESOURCE_VERDICTS.redirected)),
  'js-too-large': siteRule(judged('scripts', (target) => RESOURCE_VERDICTS.tooLarge(target, LARGE_SCRIPT_BYTES))),
  'css-too-large': siteRule(
    judged('stylesheets', (target) => RESOURCE_VERDICTS.tooLarge(target, LARGE_STYLESHEET_BYTES)),
  ),
  'img-redirected': siteRule(judged('images', RESOURCE_VERDICTS.redirected, shownOn)),
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
  'external-broken': siteRule((context) => externalLinks(context, 'broken')),
  'external-redirected': siteRule((context) => externalLinks(context, 'redirected')),
  'external-timeout': siteRule((context) => externalLinks(context, 'timeout')),
  'external-unverified': siteRule((context) => externalLinks(context, 'unverified')),
};
