import { t, type IssueType } from './define.ts';
import { NOT_SETTLED_TITLE } from './page-experience.ts';

/**
 * Site audit checks of the "rendering" group: what exists only once JavaScript has run, found by
 * comparing a page's raw HTML with its DOM rendered in a browser. They are reported only by audits
 * run with "Render JavaScript" on.
 */
export const renderingIssueTypes: readonly IssueType[] = [
  t(
    'title-only-rendered',
    'warning',
    'Title only set by JavaScript',
    'The page title is missing from the HTML the server sends, or JavaScript changes it. Search engines that do not run JavaScript, and Google before it renders the page, read a different title from the one people see.',
    'Put the final title in the HTML the server sends (server-side rendering or prerendering), and keep scripts from changing it.',
  ),
  t(
    'h1-only-rendered',
    'warning',
    'H1 heading only added by JavaScript',
    'The page has an H1 heading only after JavaScript runs; the HTML the server sends has none. Crawlers that do not run JavaScript see a page without its main heading.',
    'Render the main heading in the HTML the server sends.',
  ),
  t(
    'canonical-only-rendered',
    'warning',
    'Canonical link set or changed by JavaScript',
    'The canonical link is missing from the HTML the server sends, or JavaScript changes it. Google may use the canonical of the raw HTML, or none, and choose a different URL to index than the one you mean.',
    'Put the one canonical link in the HTML the server sends and do not change it with scripts.',
  ),
  t(
    'noindex-only-rendered',
    'warning',
    'Noindex added by JavaScript',
    'JavaScript adds a noindex robots meta tag that the HTML the server sends does not have. Google obeys it once it renders the page, so the page drops out of search, while tools that read only the HTML call it indexable.',
    'If the page should not be indexed, put the noindex in the HTML the server sends; if it should be, remove the script that adds it.',
  ),
  t(
    'noindex-only-raw',
    'error',
    'Noindex removed by JavaScript',
    'The HTML the server sends has a noindex robots directive that JavaScript later removes. Google reads the noindex before rendering and may never render the page, so the page stays out of search even though the rendered page looks indexable.',
    'Remove the noindex from the HTML the server sends if the page should be indexed; scripts cannot undo it.',
  ),
  t(
    'links-only-rendered',
    'notice',
    'Internal links only created by JavaScript',
    'Some internal links exist only after JavaScript runs. Crawlers that do not run JavaScript cannot follow them, and even Google finds those pages later, after rendering.',
    'Render navigation and content links as plain <a href> links in the HTML the server sends.',
  ),
  t(
    'js-console-errors',
    'warning',
    'JavaScript errors on the page',
    'Scripts on the page threw errors or logged errors while it was rendered. An error can leave content, links or metadata unrendered for visitors and search engines alike.',
    'Open the page with the browser console open, fix the errors listed, and check the page again.',
  ),
  t(
    'failed-resources-rendered',
    'warning',
    'Page requests failed while rendering',
    'While the page was rendered, some of its scripts or stylesheets failed, answered with an HTTP error (4xx/5xx), or were disallowed by robots.txt (search engines do not fetch those either). Content that depends on them may be missing. Images, fonts and media are not loaded when rendering for the audit and are not counted here; failed data requests are reported apart.',
    'Fix or remove the failing addresses listed, allow the files the page needs in robots.txt, and make sure the page works without them.',
  ),
  t(
    'links-not-crawlable',
    'warning',
    'Links a crawler cannot follow',
    'The rendered page has links that are not plain <a href> links: an <a> without href, an href="javascript:…", or an element that navigates only from a script (onclick, data-href). Google and other crawlers follow only <a> elements with an href, so the pages behind these links may never be found.',
    'Make every link an <a> element with a real URL in its href; keep scripts for enhancing links, not for replacing them.',
  ),
  t(
    'data-request-failed',
    'warning',
    'Page data request failed',
    'A request the page makes for its own data (fetch or XMLHttpRequest) failed while it was rendered: an HTTP error, blocked (by robots.txt or as a private address), or too large. The content that data fills in is missing for search engines, and for visitors when it happens to them. The console errors the page logged are shown with it.',
    'Fix the failing address listed (the server error, or the robots.txt rule that blocks it), and have the page show its main content even when a request fails.',
  ),
  t(
    'render-not-settled',
    'warning',
    NOT_SETTLED_TITLE,
    'The page was still loading data or changing its content when the audit stopped waiting for it, twice: its title, text and links were read as they were then and may be incomplete. Visitors on slow connections, and search engines that wait a limited time, see the same unfinished page.',
    'Make the page show its content sooner: send it in the HTML, or load the data it needs at once rather than after a delay, and stop requests and timers that never end.',
  ),
  t(
    'render-failed',
    'notice',
    'Page could not be rendered',
    'The page could not be rendered in the browser (it took too long or used too much memory), so it was checked from its raw HTML only.',
    'Make the page load faster and use less memory; very heavy pages are also hard for search engines to render.',
  ),
];
