import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { apacheRules, nginxRules } from '#views/tools/redirect-checker/server-rules.ts';

/**
 * The generated rules through the servers' own config checkers, when they are installed (Debian:
 * `apt-get install nginx-light apache2`; or point NGINX_BIN / APACHE_BIN and APACHE_SERVER_ROOT at
 * unpacked binaries). Without them the tests are skipped and say so; the exact and structural
 * tests in views/tools/redirect-checker/server-rules.test.ts always run.
 */
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const APACHE = process.env.APACHE_BIN ?? '/usr/sbin/apache2';
const APACHE_ROOT = process.env.APACHE_SERVER_ROOT ?? '/usr/lib/apache2';

const PAIRS = [
  { from: 'https://old.example/about-us.html', to: 'https://new.example/about' },
  { from: 'https://old.example/shop?id=3&c=a+b', to: 'https://new.example/shop/3' },
  { from: 'https://old.example/price%20(2024)/[a]$', to: 'https://new.example/prices?y=2024' },
  { from: 'https://old.example/caf%C3%A9%20%22x%22', to: 'https://new.example/caf%C3%A9/100%25' },
  { from: 'https://old.example/a?x=$1', to: 'https://new.example/$b' },
];

function nginxConfig(dir: string, port: number): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${dir}/${kind};`)
    .join(' ');
  return `events {}\nhttp {\n  access_log off; ${temp}\n  server {\n    listen 127.0.0.1:${port};\n${nginxRules(PAIRS)}  }\n}\n`;
}

function locationOf(port: number, path: string): Promise<[number, string]> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        resolve([res.statusCode ?? 0, String(res.headers.location ?? '')]);
      })
      .on('error', reject);
  });
}

test.skipIf(!existsSync(NGINX))(
  `nginx -t accepts the generated rules, and nginx answers them with the 301s${existsSync(NGINX) ? '' : ` (skipped: no nginx at ${NGINX}; set NGINX_BIN)`}`,
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-rules-'));
    const port = await freeLoopbackPort();
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port));
    const args = ['-p', dir, '-c', join(dir, 'nginx.conf')];
    const run = spawnSync(NGINX, ['-t', ...args, '-g', `pid ${dir}/pid; error_log stderr;`], { encoding: 'utf8' });
    expect(run.stderr).toContain('test is successful');
    expect(run.status).toBe(0);
    // Daemonised: the command returns once the listening socket is bound.
    const started = spawnSync(NGINX, [...args, '-g', `pid ${dir}/pid; error_log ${dir}/error.log;`], {
      encoding: 'utf8',
    });
    expect(started.status).toBe(0);
    try {
      expect(
        await Promise.all(
          [
            '/about-us.html?utm=x',
            '/shop?id=3&c=a+b',
            '/price%20(2024)/%5Ba%5D$',
            '/caf%C3%A9%20%22x%22',
            '/a?x=%241',
          ].map((path) => locationOf(port, path)),
        ),
      ).toEqual([
        [301, 'https://new.example/about'],
        [301, 'https://new.example/shop/3'],
        [301, 'https://new.example/prices?y=2024'],
        [301, 'https://new.example/caf%C3%A9/100%25'],
        [301, 'https://new.example/%24b'],
      ]);
      // The same path without its query string is left to the site's own locations.
      expect((await locationOf(port, '/shop'))[0]).not.toBe(301);
    } finally {
      process.kill(Number(readFileSync(join(dir, 'pid'), 'utf8').trim()), 'SIGTERM');
    }
  },
);

test.skipIf(!existsSync(APACHE))(
  `apache2 -t accepts the generated rules${existsSync(APACHE) ? '' : ` (skipped: no apache2 at ${APACHE}; set APACHE_BIN)`}`,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'apache-rules-'));
    const conf = [
      `ServerRoot "${APACHE_ROOT}"`,
      'LoadModule mpm_event_module modules/mod_mpm_event.so',
      'LoadModule rewrite_module modules/mod_rewrite.so',
      'Listen 127.0.0.1:8080',
      `PidFile ${dir}/pid`,
      `ErrorLog ${dir}/error.log`,
      'ServerName old.example',
      '<VirtualHost 127.0.0.1:8080>',
      apacheRules(PAIRS),
      '</VirtualHost>',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'httpd.conf'), conf);
    const run = spawnSync(APACHE, ['-t', '-f', join(dir, 'httpd.conf')], { encoding: 'utf8' });
    expect(run.stderr).toContain('Syntax OK');
    expect(run.status).toBe(0);
  },
);
