import type { IssueType } from '../site-audit.ts';
import { t } from './define.ts';

/** Site audit checks of the "resources" group: scripts, stylesheets, images and links to other sites. */
export const resourcesIssueTypes: readonly IssueType[] = [
  t(
    'js-broken',
    'error',
    'Broken JavaScript file',
    'A script that pages load (<script src>) answered 4xx or 5xx, or did not answer at all. Scripts on other sites are checked only when the audit checks external links.',
    'Fix the script path, restore the file, or remove the <script> tag from the pages that load it.',
  ),
  t(
    'css-broken',
    'error',
    'Broken CSS file',
    'A stylesheet that pages load (<link rel="stylesheet">) answered 4xx or 5xx, or did not answer at all: the pages show without their styles. Stylesheets on other sites are checked only when the audit checks external links.',
    'Fix the stylesheet path, restore the file, or remove the <link> from the pages that load it.',
  ),
  t(
    'page-loads-broken-resource',
    'error',
    'Page loads a broken script or stylesheet',
    'The page loads a script or stylesheet that answered 4xx or 5xx, or did not answer: parts of the page may not work or look right. (Broken images have their own check.)',
    'Fix or remove each broken file named in the detail; a shared template often loads it on every page.',
  ),
  t(
    'js-redirected',
    'notice',
    'JavaScript file redirects',
    'A script that pages load answers with a redirect: every visit costs an extra request before the script arrives.',
    'Point the <script src> at the final URL.',
  ),
  t(
    'css-redirected',
    'notice',
    'CSS file redirects',
    'A stylesheet that pages load answers with a redirect: every visit waits for an extra request before the page can be drawn.',
    'Point the <link href> at the final URL.',
  ),
  t(
    'img-redirected',
    'notice',
    'Image redirects',
    'An internal image that pages show answers with a redirect: an extra request for every visitor, and search engines may not index the image.',
    'Point the <img src> at the final URL.',
  ),
  t(
    'js-too-large',
    'warning',
    'Large JavaScript file',
    'An internal script is larger than 500 KB (as sent, or counted when the server does not say). Large scripts take long to download and to run, most of all on phones.',
    'Minify and compress the script, split it so each page loads only what it uses, and remove unused libraries.',
  ),
  t(
    'css-too-large',
    'warning',
    'Large CSS file',
    'An internal stylesheet is larger than 150 KB (as sent, or counted when the server does not say). The browser draws nothing until it has the whole stylesheet.',
    'Minify and compress the stylesheet and remove rules no page uses; load page-specific styles only where needed.',
  ),
  t(
    'resource-blocked-by-robots',
    'warning',
    'Script, stylesheet or image blocked by robots.txt',
    'robots.txt disallows a script, stylesheet or image that pages load. Search engines then cannot render the page as visitors see it, or index the image.',
    'Allow the file (or its folder) in robots.txt.',
  ),
  t(
    'external-broken',
    'warning',
    'Broken external link',
    'A link to another site answered 4xx (other than 401, 403 and 429) or 5xx, its redirects end at such an answer, or the site could not be reached at all (unknown domain, refused connection). Checked only when the audit checks external links.',
    'Update each link (the list shows the page, the text and where on the page it sits) to a working URL, or remove it.',
  ),
  t(
    'external-redirected',
    'notice',
    'External link redirects',
    'A link to another site answers with a redirect (the detail says where it ends). The link still works, but the old address may stop working one day.',
    'Update the link to the final URL.',
  ),
  t(
    'external-timeout',
    'notice',
    'External link timed out',
    'A link to another site did not answer within the time limit. The site may be down or very slow.',
    'Open the link yourself; if the site stays unreachable, replace or remove the link.',
  ),
  t(
    'external-unverified',
    'notice',
    'External link could not be checked',
    'Another site refused our check (HTTP 401, 403 or 429, usually a login or bot protection), or its address is a private one that is never fetched. The link may well work for visitors; it is not counted as broken.',
    'Open the link in a browser to make sure it works.',
  ),
];
