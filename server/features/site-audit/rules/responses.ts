import {
  describeStatus,
  type Finding,
  followRedirects,
  isError,
  isRedirect,
  listDetail,
  nodeRule,
  pageRule,
  pages,
  type Rule,
  type RuleContext,
  urls,
} from './context.ts';
import { SLOW_TTFB_MS } from '../thresholds.ts';
import { linksFrom } from './link-refs.ts';

/** A URL's status for its error finding; one the sitemap lists says so (it is reported there once, not twice). */
const statusDetail = (node: RuleContext['nodes'][number]) =>
  node.inSitemap ? `${describeStatus(node)}; listed in the sitemap` : describeStatus(node);

function linksTo(context: RuleContext, test: (status: number) => boolean): Finding[] {
  const findings: Finding[] = [];
  for (const node of pages(context)) {
    const bad = node.page.links.map((id) => context.nodes[id]).filter((target) => test(target.status));
    if (bad.length)
      findings.push({
        url: node.url,
        detail: `links to ${listDetail(bad.map((target) => `${target.url} (${describeStatus(target)})`))}`,
        links: linksFrom(node, context.nodes, context.strings, (id) => id >= 0 && test(context.nodes[id].status)),
      });
  }
  return findings;
}

/** Status codes, fetch failures, redirects and response time: the rules about answers. */
export const responseRules: Record<string, Rule> = {
  'status-4xx': nodeRule((c) =>
    urls(c)
      .filter((node) => node.status >= 400 && node.status < 500)
      .map((node) => ({ url: node.url, detail: statusDetail(node) })),
  ),
  'status-5xx': nodeRule((c) =>
    urls(c)
      .filter((node) => node.status >= 500 && node.status < 600)
      .map((node) => ({ url: node.url, detail: statusDetail(node) })),
  ),
  'fetch-failed': nodeRule((c) =>
    urls(c)
      .filter((node) => node.status === 0 && node.error)
      .map((node) => ({ url: node.url, detail: node.error ?? '' })),
  ),
  'links-broken': pageRule((context) => linksTo(context, (status) => status >= 400 && status < 600)),
  'links-to-redirect': pageRule((context) => linksTo(context, (status) => status >= 300 && status < 400)),
  'redirect-chain': nodeRule((c) =>
    urls(c)
      .filter(isRedirect)
      .flatMap((node) => {
        const path = followRedirects(c.nodes, node);
        if (path.loop || path.hops < 2) return [];
        return [
          {
            url: node.url,
            detail: `${path.hops} redirects to ${path.final?.url ?? node.redirectExternal ?? lastExternal(c.nodes, node)}`,
          },
        ];
      }),
  ),
  'redirect-loop': nodeRule((c) =>
    urls(c)
      .filter(isRedirect)
      .flatMap((node) =>
        followRedirects(c.nodes, node).loop
          ? [{ url: node.url, detail: `redirects to ${c.nodes[node.redirectTo]?.url ?? ''}, which leads back` }]
          : [],
      ),
  ),
  'redirect-temporary': nodeRule((c) =>
    urls(c)
      .filter((node) => node.status === 302 || node.status === 303 || node.status === 307)
      .map((node) => ({
        url: node.url,
        detail: `HTTP ${node.status} to ${node.redirectTo >= 0 ? c.nodes[node.redirectTo].url : node.redirectExternal}`,
      })),
  ),
  'redirect-broken': nodeRule((c) =>
    urls(c)
      .filter(isRedirect)
      .flatMap((node) => {
        const { final } = followRedirects(c.nodes, node);
        return final && isError(final)
          ? [{ url: node.url, detail: `ends at ${final.url} (${describeStatus(final)})` }]
          : [];
      }),
  ),
  'redirect-meta-refresh': pageRule((context) =>
    pages(context)
      .filter((node) => node.page.metaRefresh)
      .map((node) => ({ url: node.url, detail: 'meta refresh with a URL' })),
  ),
  'slow-response': nodeRule((c) =>
    urls(c)
      .filter((node) => node.status > 0 && node.ttfbMs > SLOW_TTFB_MS)
      .map((node) => ({ url: node.url, detail: `${Math.round(node.ttfbMs)} ms to first byte` })),
  ),
};

/** The off-site URL a chain ends at, for its detail line. */
function lastExternal(nodes: RuleContext['nodes'], start: RuleContext['nodes'][number]): string {
  let current = start;
  for (let hops = 0; current.redirectTo >= 0 && hops < 50; hops += 1) current = nodes[current.redirectTo];
  return current.redirectExternal ?? 'another site';
}
