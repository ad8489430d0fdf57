/**
 * Every issue the site audit reports: a stable id, a severity, and the words a person reads.
 * Pure data shared by the page (the list of checks), the API (`/api/site-audits/issue-types`)
 * and the audit service, which keys its rules by these ids. "Internal" means on the audited
 * host, over http or https; a "page" is an internal URL that answered 200 with HTML.
 */
import { t, type IssueType, type Severity } from './site-audit-checks/define.ts';
import { GROUP_ISSUE_TYPES } from './site-audit-checks/index.ts';

export type { IssueType, Severity } from './site-audit-checks/define.ts';

const CORE_ISSUE_TYPES: readonly IssueType[] = [
  // Responses and redirects
  t(
    'status-4xx',
    'error',
    'Internal URL answers 4xx',
    'An internal URL answered with a 4xx client error (404 Not Found, 410 Gone, 403 Forbidden...). Visitors and search engines that follow it reach nothing.',
    'Restore the page, redirect the URL (301) to the closest live page, or remove every link to it.',
  ),
  t(
    'status-5xx',
    'error',
    'Internal URL answers 5xx',
    'An internal URL answered with a 5xx server error. Search engines drop pages that keep failing and slow down crawling of the whole site.',
    'Check the server logs for this URL and fix the error; make sure the server can handle crawler traffic.',
  ),
  t(
    'fetch-failed',
    'error',
    'Internal URL could not be fetched',
    'The request for an internal URL failed without an HTTP answer: a timeout, a refused or reset connection, or an invalid response.',
    'Open the URL yourself and check the server, firewall and timeouts; a page must answer within a few seconds.',
  ),
  t(
    'links-broken',
    'error',
    'Page links to a broken internal URL',
    'The page has a link (<a href>) to an internal URL that answered 4xx or 5xx.',
    'Update each broken link to the right live URL, or remove it.',
  ),
  t(
    'links-to-redirect',
    'warning',
    'Page links to an internal redirect',
    'The page links to an internal URL that answers with a redirect (3xx). Every click and crawl costs an extra request.',
    'Point the link straight at the final URL.',
  ),
  t(
    'redirect-chain',
    'warning',
    'Redirect chain',
    'The internal URL reaches its final target through 2 or more redirects. Each hop slows visitors down and search engines may stop following.',
    'Redirect the first URL straight to the final target in one hop.',
  ),
  t(
    'redirect-loop',
    'error',
    'Redirect loop',
    "The internal URL's redirects come back to a URL already seen, so it never reaches a page.",
    'Break the loop: make one URL in the cycle answer 200 or redirect to a page that does.',
  ),
  t(
    'redirect-temporary',
    'warning',
    'Temporary redirect',
    'The internal URL answers 302, 303 or 307. Temporary redirects tell search engines to keep the old URL indexed.',
    'Use a 301 (or 308) redirect when the move is permanent.',
  ),
  t(
    'redirect-broken',
    'error',
    'Redirect to a broken URL',
    'The internal URL redirects, and the internal URL its redirects end at answers 4xx or 5xx.',
    'Redirect to a live page instead, or restore the target.',
  ),
  t(
    'redirect-meta-refresh',
    'warning',
    'Meta refresh redirect',
    'The page uses <meta http-equiv="refresh">. Search engines treat it as a weak redirect and visitors see a flash of the old page.',
    'Replace it with a server-side 301 redirect.',
  ),
  t(
    'slow-response',
    'warning',
    'Slow response',
    'The internal URL took more than 1,000 ms to send the first byte of its answer (time to first byte).',
    'Cache the page, speed up the database queries or hosting behind it, or use a CDN.',
  ),
  // Titles
  t(
    'title-missing',
    'error',
    'Missing title',
    'The page has no <title>, or an empty one. The title is the headline of the search result.',
    'Add a unique, descriptive <title> of up to 60 characters.',
  ),
  t(
    'title-duplicate',
    'warning',
    'Duplicate title',
    'Another indexable page has exactly the same title, so search engines cannot tell the pages apart.',
    'Give each page its own title that says what is different about it.',
  ),
  t(
    'title-too-long',
    'warning',
    'Title too long',
    'The title is longer than 60 characters and is likely to be cut off in search results.',
    'Shorten the title to 60 characters or fewer, with the important words first.',
  ),
  t(
    'title-multiple',
    'warning',
    'More than one title',
    'The page has more than one <title> element; search engines pick one and may pick the wrong one.',
    'Keep a single <title> in the <head>.',
  ),
  // Descriptions
  t(
    'description-missing',
    'warning',
    'Missing meta description',
    'The page has no meta description, or an empty one. Search engines then make up the snippet from page text.',
    'Add a <meta name="description"> of 120 to 160 characters that summarises the page.',
  ),
  t(
    'description-duplicate',
    'warning',
    'Duplicate meta description',
    'Another indexable page has exactly the same meta description.',
    'Write a description for each page that matches its own content.',
  ),
  t(
    'description-too-long',
    'notice',
    'Meta description too long',
    'The meta description is longer than 160 characters and is likely to be cut off in search results.',
    'Shorten it to 160 characters or fewer.',
  ),
  t(
    'description-multiple',
    'warning',
    'More than one meta description',
    'The page has more than one <meta name="description">; search engines may use either.',
    'Keep a single meta description.',
  ),
  // Headings
  t(
    'h1-missing',
    'warning',
    'Missing H1',
    'The page has no <h1> heading, which tells visitors and search engines what the page is about.',
    'Add one <h1> that states the topic of the page.',
  ),
  t(
    'h1-multiple',
    'notice',
    'More than one H1',
    'The page has more than one <h1>, which blurs what its main topic is.',
    'Keep one <h1> and turn the others into <h2> or lower.',
  ),
  t(
    'h1-empty',
    'warning',
    'Empty H1',
    'The page has an <h1> with no text (and no image alt text inside it).',
    'Put the page topic in the <h1> as text.',
  ),
  t(
    'h1-duplicate',
    'notice',
    'Duplicate H1',
    'Another indexable page has exactly the same first <h1>.',
    'Make each main heading say what is specific to its page.',
  ),
  // Content
  t(
    'thin-content',
    'warning',
    'Thin content',
    'The page has fewer than 200 words of visible body text (text outside the head, scripts, styles, templates, SVG and hidden elements).',
    'Add useful, original content, or merge the page into a stronger one and redirect it.',
  ),
  t(
    'duplicate-content',
    'warning',
    'Duplicate content',
    'Another indexable page has exactly the same visible body text once whitespace is ignored.',
    'Merge the pages, or point the copy to the original with rel="canonical".',
  ),
  t(
    'near-duplicate-content',
    'notice',
    'Near-duplicate content',
    'Another indexable page says almost the same thing: about 90% or more of their wording is the same, a few words changed here and there. Only pages of 50 words or more are compared; exact copies are reported as duplicate content instead.',
    'Make each page substantially different, or consolidate them with a canonical link or a redirect.',
  ),
  t(
    'lang-missing',
    'warning',
    'Missing language',
    'The <html> element has no lang attribute, so screen readers and search engines must guess the language.',
    'Add lang with the page language, for example <html lang="en-IN">.',
  ),
  t(
    'lang-invalid',
    'warning',
    'Invalid language code',
    'The <html lang> value is not a valid language tag: a known ISO 639-1 code (or a 3-letter code), an optional 4-letter script and an optional ISO 3166-1 region or 3-digit area.',
    'Use a valid tag such as en, en-IN or hi-IN (not "english" or "en_UK").',
  ),
  t(
    'viewport-missing',
    'warning',
    'Missing viewport',
    'The page has no <meta name="viewport">, so phones show a zoomed-out desktop layout.',
    'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
  ),
  t(
    'viewport-not-responsive',
    'warning',
    'Viewport not responsive',
    'The viewport tag neither sets width=device-width nor an initial-scale, or it fixes the width in pixels.',
    'Use content="width=device-width, initial-scale=1".',
  ),
  t(
    'html-large',
    'warning',
    'Large HTML',
    'The HTML document is larger than 2 MB (decompressed). Large documents load slowly and may not be read in full by crawlers.',
    'Remove inline data and repeated markup; load heavy content on demand.',
  ),
  t(
    'structured-data-invalid',
    'error',
    'Invalid structured data',
    'A <script type="application/ld+json"> block does not parse as JSON, so search engines ignore it.',
    'Fix the JSON syntax (quotes, commas, brackets) and check it with a structured data validator.',
  ),
  // Images
  t(
    'img-alt-missing',
    'warning',
    'Image without alt attribute',
    'The page has an <img> with no alt attribute. alt="" is fine for decorative images; a missing attribute is not.',
    'Add alt text that describes each image, or alt="" when it is purely decorative.',
  ),
  t(
    'img-dimensions-missing',
    'notice',
    'Image without width and height',
    'The page has an <img> without both width and height attributes, so the layout shifts while it loads.',
    'Set width and height attributes matching the image aspect ratio.',
  ),
  t(
    'img-broken',
    'error',
    'Broken image',
    'The page shows an internal image whose URL answered 4xx or 5xx.',
    'Fix the image path or upload the missing file.',
  ),
  t(
    'img-large',
    'warning',
    'Large image',
    'An internal image is larger than 100 KB.',
    'Compress the image, serve it in WebP or AVIF, and size it for the largest width it is shown at.',
  ),
  // Links
  t(
    'internal-nofollow',
    'notice',
    'Internal nofollow link',
    'The page links to an internal URL with rel="nofollow", which tells search engines not to follow your own link.',
    'Remove rel="nofollow" from internal links; use noindex on pages you want kept out of search.',
  ),
  t(
    'links-anchor-empty',
    'warning',
    'Link without anchor text',
    'The page has an internal link with no text, no image alt text, no aria-label and no title.',
    'Give every link text that says where it goes.',
  ),
  t(
    'links-too-many',
    'notice',
    'Too many links',
    'The page links to more than 100 different URLs, which dilutes the value passed by each link.',
    'Trim navigation and footer links to the ones visitors need.',
  ),
  t(
    'page-no-links',
    'notice',
    'Dead-end page',
    'The page has no links to any web page, so visitors and crawlers cannot go anywhere from it.',
    'Link to related pages and back to your main sections.',
  ),
  t(
    'page-nofollow',
    'notice',
    'Page marked nofollow',
    'A robots meta tag or X-Robots-Tag header says nofollow, so search engines ignore every link on the page.',
    'Remove nofollow from the robots directives unless you really mean it.',
  ),
  t(
    'blocked-by-robots',
    'warning',
    'Blocked by robots.txt',
    'A linked internal URL is disallowed by robots.txt, so search engines cannot crawl it.',
    'Allow the URL in robots.txt if it should be found, or stop linking to it.',
  ),
  t(
    'deep-page',
    'notice',
    'Deep page',
    'The page is 5 or more clicks away from the start URL (following links and redirects).',
    'Link to it from higher-level pages, category pages or the navigation.',
  ),
  t(
    'orphan',
    'warning',
    'Orphan page',
    'The URL is listed in the sitemap and answers, but no crawled page links to it.',
    'Link to it from relevant pages, or remove it from the sitemap if it is not needed.',
  ),
  // Canonical
  t(
    'canonical-to-non-200',
    'error',
    'Canonical to a non-200 URL',
    'The page names a canonical URL that redirects or answers 4xx or 5xx.',
    'Point the canonical at the final, live URL.',
  ),
  t(
    'canonical-chain',
    'warning',
    'Canonical chain',
    'The page names a canonical URL whose own canonical points somewhere else.',
    'Point the canonical straight at the final canonical URL.',
  ),
  t(
    'canonical-to-noindex',
    'error',
    'Canonical to a noindex page',
    'The page names a canonical URL that is marked noindex, which sends search engines contradicting signals.',
    'Point the canonical at an indexable page, or remove noindex from the target.',
  ),
  t(
    'canonical-multiple',
    'warning',
    'Conflicting canonical links',
    'The page has more than one rel="canonical" link and they point to different URLs, so search engines ignore all of them.',
    'Keep one canonical link.',
  ),
  t(
    'canonical-invalid',
    'error',
    'Invalid canonical URL',
    'The rel="canonical" href is not a valid http(s) URL.',
    'Use the absolute URL of the preferred page, for example https://www.example.com/page.',
  ),
  t(
    'canonical-outside-head',
    'warning',
    'Canonical outside the head',
    'The rel="canonical" link sits in the <body>, where search engines ignore it.',
    'Move the canonical link into the <head>.',
  ),
  // Sitemaps and indexing
  t(
    'noindex-in-sitemap',
    'error',
    'Noindex page in sitemap',
    'A page marked noindex is listed in the sitemap; the sitemap asks for indexing while the page refuses it.',
    'Remove the page from the sitemap, or remove noindex if it should be indexed.',
  ),
  t(
    'not-in-sitemap',
    'notice',
    'Indexable page not in sitemap',
    'An indexable page reached by following links is missing from the sitemap (checked only when the site has one).',
    'Add the page to the sitemap, or regenerate the sitemap.',
  ),
  t(
    'non-canonical-in-sitemap',
    'warning',
    'Non-canonical page in sitemap',
    'A page listed in the sitemap names another URL as its canonical.',
    'List only canonical URLs in the sitemap.',
  ),
  t(
    'sitemap-non-200',
    'warning',
    'Sitemap lists a non-200 URL',
    'A URL listed in the sitemap redirects. (A listed URL that answers 4xx or 5xx is reported once, as an internal URL answering an error, and that issue names the sitemap.)',
    'List only final, live URLs in the sitemap.',
  ),
  t(
    'sitemap-blocked',
    'warning',
    'Sitemap lists a blocked URL',
    'A URL listed in the sitemap is disallowed by robots.txt.',
    'Remove it from the sitemap, or allow it in robots.txt.',
  ),
  t(
    'sitemap-invalid',
    'error',
    'Sitemap unreadable',
    'A sitemap named in robots.txt or a sitemap index did not answer 200 with a <urlset> or <sitemapindex> document (or a gzip of one) within 50 MB.',
    'Serve a valid XML sitemap at that address, or fix the Sitemap: line in robots.txt.',
  ),
  // Hreflang
  t(
    'hreflang-invalid',
    'error',
    'Invalid hreflang value',
    'An hreflang value is not an ISO 639-1 language code (with an optional ISO 3166-1 region) or x-default.',
    'Use values such as en, en-GB, hi-IN or x-default (not en-UK or english).',
  ),
  t(
    'hreflang-missing-return',
    'warning',
    'Missing hreflang return link',
    'The page names an internal alternate page, and that page does not name this page back.',
    'Add the return hreflang link on the alternate page; every page in a set must list all the others.',
  ),
  t(
    'hreflang-to-non-200',
    'warning',
    'Hreflang to a non-200 URL',
    'An internal hreflang alternate redirects or answers 4xx or 5xx.',
    'Point hreflang links at the final, live URLs.',
  ),
  t(
    'hreflang-self-missing',
    'notice',
    'Hreflang without self-reference',
    'The page lists hreflang alternates but not itself.',
    'Add an hreflang link to the page itself with its own language.',
  ),
  // Security
  t(
    'mixed-content',
    'error',
    'Mixed content',
    'An https page loads an image, script, stylesheet, frame or media file over plain http; browsers block or flag it.',
    'Load every resource over https.',
  ),
  t(
    'https-links-to-http',
    'warning',
    'HTTPS page links to HTTP',
    'An https page links to an internal URL over plain http.',
    'Change internal links to https.',
  ),
  t(
    'insecure-form',
    'error',
    'Form posts over HTTP',
    'An https page has a form whose action sends the data over plain http.',
    'Make the form action an https URL.',
  ),
];

/** The first 63 checks, then each group's own (one file per group under site-audit-checks/). */
export const ISSUE_TYPES: readonly IssueType[] = [...CORE_ISSUE_TYPES, ...GROUP_ISSUE_TYPES];

export const ISSUE_TYPE_BY_ID: ReadonlyMap<string, IssueType> = new Map(
  ISSUE_TYPES.map((issue) => [issue.type, issue]),
);

export const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };
