import { LIST_FIRST } from './render-job.ts';

/*
 * Links a crawler cannot follow, found in the rendered DOM (run in the page as it is read, settle.ts).
 * A crawler follows `<a href>` only: Google's "Make your links crawlable" and Lighthouse's
 * "crawlable-anchors" audit. Reported, as Screaming Frog 24 and Lighthouse do:
 *  - `<a>` without href (an `<a id>` or `<a name>` target and an `<a role=…>` that says it is not a link
 *    are not: Lighthouse's exceptions);
 *  - `href="javascript:…"`;
 *  - navigation done only by a script: an element with `data-href`, or an `onclick` attribute that sets
 *    `location`, calls `window.open`, a router's `navigate`/`push`, or names an href — unless it is an
 *    `<a>` with a crawlable href of its own.
 * Each entry names the kind and the element (its opening tag and text, capped).
 */

/** Kinds of uncrawlable link, as the detail line names them. */
export const UNCRAWLABLE_KINDS = {
  'no-href': 'no href',
  javascript: 'javascript: URL',
  script: 'navigation only in a script',
} as const;

/** Runs in the page (a function expression, as source): the uncrawlable links, each `kind: <tag>text</tag>`. */
export const FIND_UNCRAWLABLE = `() => {
  const KINDS = ${JSON.stringify(UNCRAWLABLE_KINDS)};
  const NAVIGATES = /location|window\\.open|navigate|\\.push\\(|href/i;
  const element = (el) => {
    const open = el.cloneNode(false).outerHTML.replace(/<\\/[^>]+>$/, '');
    const text = (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 60);
    return (open.length > 150 ? open.slice(0, 149) + '…>' : open) + text + '</' + el.localName + '>';
  };
  const found = [];
  for (const el of document.querySelectorAll('a, [data-href], [onclick]')) {
    const href = el.localName === 'a' ? el.getAttribute('href') : null;
    const javascript = href !== null && /^\\s*javascript:/i.test(href);
    const scripted = el.hasAttribute('data-href') || NAVIGATES.test(el.getAttribute('onclick') || '');
    let kind = null;
    if (javascript) kind = 'javascript';
    else if (href !== null) continue;
    else if (scripted) kind = 'script';
    else if (el.localName === 'a' && !el.id && !el.getAttribute('name') && !el.hasAttribute('role')) kind = 'no-href';
    if (kind) found.push(KINDS[kind] + ': ' + element(el));
  }
  return { count: found.length, first: found.slice(0, ${LIST_FIRST}) };
}`;
