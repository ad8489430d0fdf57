import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const layout = readme.slice(readme.indexOf('## How the code is laid out'), readme.indexOf('## Scripts'));

/** The feature table's cells, column by column. */
function column(index: number): string[] {
  const rows = layout.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| feature') && !line.startsWith('| ---'));
  return rows.flatMap((row) => [...(row.split('|')[index + 1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]));
}

const names = (dir: string, keep: (name: string) => boolean) => readdirSync(dir).filter(keep).sort();

test('the README feature table names every tool folder, API router and feature service that exists, and no other', () => {
  const toolFolders = column(2).filter((cell) => !cell.startsWith('pages/') && cell !== 'directories/').map((cell) => cell.replace(/\/$/, ''));
  expect([...new Set(toolFolders)].sort()).toEqual(names('views/tools', (name) => !name.includes('.')));
  const routers = column(3);
  expect([...routers].sort()).toEqual(names('server/api', (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !['index.ts', 'platform-clients.ts'].includes(name)));
  for (const service of column(4)) expect(existsSync(`server/services/${service}`), service).toBe(true);
  for (const file of column(5)) expect(existsSync(`db/${file}`), file).toBe(true);
  for (const folder of column(2)) expect(existsSync(`views/${folder.startsWith('pages/') || folder === 'directories/' ? '' : 'tools/'}${folder}`), folder).toBe(true);
});

test('every service folder and every views/model module is named in the README layout section', () => {
  for (const service of names('server/services', (name) => !name.endsWith('.test.ts'))) expect(layout.includes(`\`${service}`) || layout.includes(`/${service}`), service).toBe(true);
  for (const model of names('views/model', (name) => !name.endsWith('.test.ts'))) expect(layout, model).toContain(`\`${model}\``);
});

test('every shared component and views/lib module is named in the layout block', () => {
  const block = layout.slice(0, layout.indexOf('```', layout.indexOf('```') + 3));
  const listed = (line: string) => new Set((block.match(new RegExp(`${line} \\(([^)]*)\\)`))?.[1] ?? '').split(/[,;:]\s*|\s+/));
  const components = listed('components/');
  for (const file of names('views/components', (name) => name.endsWith('.tsx') && !name.includes('.test.'))) expect(components, file).toContain(file.replace(/\.tsx$/, ''));
  const lib = listed('lib/');
  for (const file of names('views/lib', (name) => name.endsWith('.ts') && !name.includes('.test.'))) expect(lib, file).toContain(file.replace(/\.ts$/, ''));
});
