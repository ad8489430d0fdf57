import http from 'node:http';
import { expect, onTestFinished, test } from 'vitest';
import {
  APACHE_BINARY,
  APACHE_USABLE,
  NGINX_BINARY,
  startApache,
  startNginx,
  type WebServer,
} from '#test/fixtures/web-servers.ts';
import { apacheRules, nginxRules } from '#views/tools/redirect-checker/server-rules.ts';

/*
 * The migration panel's nginx and Apache rules, loaded into the real servers on loopback: every row
 * with a rule redirects its old URL (sent as a browser sends it) to the new one, and every row left
 * without one is a URL the server never lets reach a rule (what the panel's note says).
 */

const OLD = 'http://old.example';
const NEW = 'https://new.example';
const pair = (path: string, to: string) => ({ from: `${OLD}${path}`, to });
const long = (bytes: number) => `/${'a'.repeat(bytes - 1)}`;

/** Rows every rule writer must get right: regex characters, queries, `$`, `\`, bytes that are not text. */
const PAIRS = [
  pair('/about-us.html', `${NEW}/about`),
  pair('/shop?id=3&c=a+b', `${NEW}/shop/3`),
  pair('/a?x=$1', `${NEW}/$b`),
  pair('/price%20(2024)/[a]$', `${NEW}/prices?y=2024`),
  pair('/caf%C3%A9%20%22x%22', `${NEW}/caf%C3%A9/100%25`),
  pair('/env', `${NEW}/p?x=\${HOME}&y=\${APACHE_RUN_USER}`),
  pair('/back', `${NEW}/?q=a\\`),
  pair('/c%01', `${NEW}/control`),
  pair('/h%FF', `${NEW}/latin1`),
  pair('/d//e', `${NEW}/double`),
  pair('/d/e', `${NEW}/single`),
  pair('/d/e?x=1', `${NEW}/single-query`),
  pair('/f%2Fg', `${NEW}/encoded-slash`),
  pair(long(300), `${NEW}/long-segment`),
  pair(long(4094), `${NEW}/long-parameter`),
  pair('/nul%00', `${NEW}/nul`),
  pair(long(8178), `${NEW}/too-long-for-nginx`),
  pair(long(8179), `${NEW}/too-long`),
];

/** Where a rule sends the row: the new URL with `$` percent-encoded (nginx), and `\` too (Apache). */
const viaNginx = (to: string) => to.replace(/\$/g, '%24');
const viaApache = (to: string) => viaNginx(to).replace(/\\/g, '%5C');

/** GET of the old URL's request target, as a browser sends it: the status and Location the server answers. */
function get(port: number, from: string): Promise<string> {
  const url = new URL(from);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: `${url.pathname}${url.search}`, headers: { host: url.host } },
      (response) => {
        response.resume();
        resolve(`${response.statusCode} ${response.headers.location ?? ''}`.trim());
      },
    );
    request.on('error', reject);
  });
}

/** A row's name in the expectations: its old path and query, a long path by its length. */
function keyOf(from: string): string {
  const { pathname, search } = new URL(from);
  return pathname.length > 100 ? `/a × ${pathname.length - 1}` : `${pathname}${search}`;
}

/** Every row's answer on `port`, keyed by keyOf, for one expectation per server. */
async function answers(port: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { from } of PAIRS) out[keyOf(from)] = await get(port, from);
  return out;
}

/** Every row redirected to its new URL (as `location` writes it), but for the rows named in `except`. */
function allRedirected(location: (to: string) => string, except: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { from, to } of PAIRS) out[keyOf(from)] = except[keyOf(from)] ?? `301 ${location(to)}`;
  return out;
}

async function started(server: WebServer): Promise<WebServer> {
  onTestFinished(() => server.stop());
  await server.ready;
  return server;
}

test.skipIf(!NGINX_BINARY)(
  `nginx loads the rules and each old URL redirects to its new one${NGINX_BINARY ? '' : ' (skipped: no nginx; apt-get install -y nginx)'}`,
  async () => {
    const nginx = await started(await startNginx(nginxRules(PAIRS)));
    // A plain rule ignores the query; a rule for a query leaves the path's other requests to the site.
    expect(await get(nginx.ports[0], `${OLD}/about-us.html?utm=x`)).toBe(`301 ${NEW}/about`);
    expect(await get(nginx.ports[0], `${OLD}/shop`)).toBe('200');
    expect(await answers(nginx.ports[0])).toEqual(
      allRedirected(viaNginx, {
        // Left out (nginx would refuse the whole file with a parameter this long): the site's own page answers.
        '/a × 4093': '200',
        '/nul%00': '400',
        '/a × 8177': '414',
        '/a × 8178': '414',
      }),
    );
  },
);

test.skipIf(!APACHE_USABLE)(
  `Apache loads the rules (VirtualHost and .htaccess) and each old URL redirects to its new one${APACHE_USABLE ? '' : ` (skipped: ${APACHE_BINARY ? 'no mod_rewrite.so' : 'no apache2'}; apt-get install -y apache2-bin)`}`,
  async () => {
    const apache = await started(await startApache(apacheRules(PAIRS)));
    const [inVirtualHost, inHtaccess] = await Promise.all(apache.ports.map(answers));
    // A plain rule keeps the query (none in the new URL); a rule for a query leaves the path's other requests.
    expect(await get(apache.ports[0], `${OLD}/about-us.html?utm=x`)).toBe(`301 ${NEW}/about?utm=x`);
    expect(await get(apache.ports[0], `${OLD}/shop`)).toBe('404');
    // Left out: an encoded slash or NUL is refused before any rule runs; the 8,178-byte path gets no rule
    // (its line is too long for .htaccess), but Apache takes it in (403: too long for a file name).
    const refused = { '/f%2Fg': '404', '/nul%00': '404', '/a × 8177': '403', '/a × 8178': '414' };
    expect(inVirtualHost).toEqual(allRedirected(viaApache, refused));
    // From .htaccess a path segment over 255 bytes is refused before the file is read (the row's note).
    expect(inHtaccess).toEqual(allRedirected(viaApache, { ...refused, '/a × 299': '403', '/a × 4093': '403' }));
  },
);
