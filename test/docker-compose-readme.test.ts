import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parse } from 'yaml';

/** The README's paragraph on docker-compose.yml ("2. PostgreSQL and roles"). */
function composeParagraph(): string {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('`docker-compose.yml` is this shape');
  return readme.slice(start, readme.indexOf('\n\n', start));
}

test("the README's compose paragraph names every file the compose file mounts and every variable it reads", () => {
  const text = readFileSync('docker-compose.yml', 'utf8');
  const compose = parse(text) as {
    'x-app': { volumes: string[]; environment: Record<string, string> };
  };
  const paragraph = composeParagraph();
  const app = compose['x-app'];
  // `./profile:/profile:ro` with SITE_PROFILE=/profile/profile.json: the file is ./profile/profile.json.
  for (const volume of app.volumes) {
    const [host, inside] = volume.split(':') as [string, string];
    // A named volume (no path): the paragraph names it and where it is mounted.
    if (!/^[./]/.test(host)) {
      expect(paragraph).toContain(`\`${host}\``);
      expect(paragraph).toContain(`\`${inside}\``);
      continue;
    }
    const files = Object.values(app.environment).filter((value) => value.startsWith(`${inside}/`));
    expect(files.length, volume).toBeGreaterThan(0);
    for (const file of files) expect(paragraph).toContain(`\`${host}${file.slice(inside.length)}\``);
  }
  const variables = [...new Set([...text.matchAll(/\$\{(\w+)/g)].map((match) => match[1]!))];
  expect(variables.sort()).toEqual([
    'ADMIN_PASSWORD',
    'JOB_STALL_SECONDS',
    'POSTGRES_PASSWORD',
    'SITE_URL',
    'TRUST_PROXY',
  ]);
  for (const variable of variables) expect(paragraph).toMatch(new RegExp(`\\b${variable}\\b`));
});
