import { recordCanonical } from '../render/compare.ts';
import type { RenderRecord, UrlNode } from '../store.ts';
import { type Finding, listDetail, type Page, pageRule, pages, type Rule, type RuleContext } from './context.ts';

/*
 * Rules of the "rendering" checks (catalogue: views/model/site-audit-checks/rendering.ts). They read
 * `page.render`, which only audits run with rendering on have: raw HTML against the rendered DOM.
 */

type RenderedPage = Page & { page: { render: RenderRecord } };

function rendered(context: RuleContext): RenderedPage[] {
  return pages(context).filter((node): node is RenderedPage => node.page.render?.error === null);
}

const quoted = (text: string | null) => (text === null ? 'none' : `"${text.slice(0, 120)}"`);

function urlsOf(nodes: readonly UrlNode[], ids: number[]): string[] {
  return ids.map((id) => nodes[id].url);
}

function capped(what: string, list: { count: number; first: string[] }): string {
  const more = list.count - list.first.length;
  return `${list.count} ${what}: ${list.first.join(' | ')}${more > 0 ? ` and ${more} more` : ''}`;
}

export const renderingRules: Record<string, Rule> = {
  'title-only-rendered': pageRule((context) =>
    rendered(context)
      .filter((node) => node.page.render.rawTitle !== undefined && node.page.title !== null)
      .map((node): Finding => ({
        url: node.url,
        detail:
          node.page.render.rawTitle === null
            ? `No title in the raw HTML; after JavaScript: ${quoted(node.page.title)}`
            : `Raw HTML: ${quoted(node.page.render.rawTitle ?? null)}; after JavaScript: ${quoted(node.page.title)}`,
      })),
  ),
  'h1-only-rendered': pageRule((context) =>
    rendered(context)
      .filter((node) => node.page.render.rawH1Count === 0 && node.page.h1Count > 0)
      .map((node) => ({ url: node.url, detail: `After JavaScript: ${quoted(node.page.h1[0] ?? '')}` })),
  ),
  'canonical-only-rendered': pageRule((context) =>
    rendered(context).flatMap((node): Finding[] => {
      const after = recordCanonical(context.nodes, node.page);
      const before = node.page.render.rawCanonical;
      if (after === null || after === before) return [];
      const detail =
        before === null
          ? `No canonical in the raw HTML; after JavaScript: ${after}`
          : `Raw HTML: ${before}; after JavaScript: ${after}`;
      return [{ url: node.url, detail }];
    }),
  ),
  'noindex-only-rendered': pageRule((context) =>
    rendered(context)
      .filter((node) => node.page.render.renderedNoindex && !node.page.render.rawNoindex)
      .map((node) => ({ url: node.url, detail: 'noindex appears only after JavaScript runs' })),
  ),
  'noindex-only-raw': pageRule((context) =>
    rendered(context)
      .filter((node) => node.page.render.rawNoindex && !node.page.render.renderedNoindex)
      .map((node) => ({ url: node.url, detail: 'noindex in the raw HTML, removed by JavaScript' })),
  ),
  'links-only-rendered': pageRule((context) =>
    rendered(context)
      .filter((node) => node.page.render.linksOnlyRendered > 0)
      .map((node) => {
        const { linksOnlyRendered: count, linksOnlyRenderedFirst: first } = node.page.render;
        const shown = urlsOf(context.nodes, first);
        const rest = count - shown.length;
        return {
          url: node.url,
          detail: `${count} internal link${count === 1 ? '' : 's'} only after JavaScript: ${listDetail(shown)}${rest > 0 ? ` and ${rest} more` : ''}`,
        };
      }),
  ),
  'js-console-errors': pageRule((context) =>
    rendered(context)
      .filter((node) => node.page.render.consoleErrors.count > 0)
      .map((node) => ({ url: node.url, detail: capped('JavaScript errors', node.page.render.consoleErrors) })),
  ),
  'failed-resources-rendered': pageRule((context) =>
    rendered(context)
      .filter((node) => node.page.render.failedResources.count > 0)
      .map((node) => ({ url: node.url, detail: capped('failed requests', node.page.render.failedResources) })),
  ),
  'links-not-crawlable': pageRule((context) =>
    rendered(context).flatMap((node) => {
      const list = node.page.render.uncrawlable;
      return list ? [{ url: node.url, detail: capped('links a crawler cannot follow', list) }] : [];
    }),
  ),
  'data-request-failed': pageRule((context) =>
    rendered(context).flatMap((node) => {
      const { failedData: list, consoleErrors } = node.page.render;
      if (!list) return [];
      const logged = consoleErrors.first.length
        ? `console: ${consoleErrors.first.join(' | ')}`
        : 'nothing in the console';
      return [{ url: node.url, detail: `${capped('failed data requests', list)}; ${logged}` }];
    }),
  ),
  'render-not-settled': pageRule((context) =>
    rendered(context)
      .filter((node) => node.page.render.unsettled !== undefined)
      .map((node) => ({ url: node.url, detail: node.page.render.unsettled! })),
  ),
  'render-failed': pageRule((context) =>
    pages(context)
      .filter((node) => typeof node.page.render?.error === 'string')
      .map((node) => ({ url: node.url, detail: node.page.render!.error! })),
  ),
};
