import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
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

test.skipIf(!existsSync(NGINX))(
  `nginx -t accepts the generated rules${existsSync(NGINX) ? '' : ` (skipped: no nginx at ${NGINX}; set NGINX_BIN)`}`,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-rules-'));
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `${kind}_temp_path ${dir}/${kind};`)
      .join(' ');
    const conf = `events {}\nhttp {\n  access_log off; ${temp}\n  server {\n    listen 127.0.0.1:8080;\n${nginxRules(PAIRS)}  }\n}\n`;
    writeFileSync(join(dir, 'nginx.conf'), conf);
    const run = spawnSync(
      NGINX,
      ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `pid ${dir}/pid; error_log stderr;`],
      {
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toContain('test is successful');
    expect(run.status).toBe(0);
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
