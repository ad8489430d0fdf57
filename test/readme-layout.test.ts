import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { expect, test } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const layout = readme.slice(readme.indexOf('## How the code is laid out'), readme.indexOf('## Scripts'));

/** The feature table's cells, column by column. */
function column(index: number): string[] {
  const rows = layout
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| feature') && !line.startsWith('| ---'));
  return rows.flatMap((row) => [...(row.split('|')[index + 1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]));
}

const names = (dir: string, keep: (name: string) => boolean) => readdirSync(dir).filter(keep).sort();
const folders = (dir: string) => names(dir, (name) => statSync(`${dir}/${name}`).isDirectory());

test('the README feature table names every tool folder and server feature folder that exists, and no other', () => {
  const views = column(1);
  const tools = views
    .filter((cell) => cell.startsWith('tools/'))
    .map((cell) => cell.slice('tools/'.length).replace(/\/$/, ''));
  expect([...new Set(tools)].sort()).toEqual(folders('views/tools'));
  for (const folder of views) expect(existsSync(`views/${folder}`), folder).toBe(true);
  expect(
    column(2)
      .map((cell) => cell.replace(/\/$/, ''))
      .sort(),
  ).toEqual(folders('server/features'));
  for (const file of column(3)) expect(existsSync(`db/${file}`), file).toBe(true);
});

test('every server folder, shared lib module and views/model module is named in the README layout section', () => {
  const block = layout.slice(0, layout.indexOf('```', layout.indexOf('```') + 3));
  for (const folder of folders('server')) expect(block, folder).toContain(`${folder}/`);
  const lib = names('server/lib', (name) => !name.endsWith('.test.ts')).map((name) => name.replace(/\.ts$/, ''));
  for (const name of lib) expect(layout.includes(`\`${name}\``) || block.includes(name), name).toBe(true);
  for (const file of names('server/http', (name) => !name.endsWith('.test.ts')))
    expect(block, file).toContain(file.replace(/\.ts$/, ''));
  for (const file of names('server/pages', (name) => !name.includes('.test.')))
    expect(block, file).toContain(file.replace(/\.tsx?$/, ''));
  for (const model of names('views/model', (name) => !name.endsWith('.test.ts')))
    expect(layout, model).toContain(`\`${model}\``);
});

test('every feature folder has one composition point, index.ts, listed in server/features/index.ts', () => {
  const list = readFileSync('server/features/index.ts', 'utf8');
  for (const feature of folders('server/features')) {
    expect(existsSync(`server/features/${feature}/index.ts`), feature).toBe(true);
    expect(list, feature).toContain(`./${feature}/index.ts`);
  }
});

test('every shared component and views/lib module is named in the layout block', () => {
  const block = layout.slice(0, layout.indexOf('```', layout.indexOf('```') + 3));
  const listed = (line: string) =>
    new Set((block.match(new RegExp(`${line} \\(([^)]*)\\)`))?.[1] ?? '').split(/[,;:]\s*|\s+/));
  const components = listed('components/');
  for (const file of names('views/components', (name) => name.endsWith('.tsx') && !name.includes('.test.')))
    expect(components, file).toContain(file.replace(/\.tsx$/, ''));
  const lib = listed('lib/');
  for (const file of names('views/lib', (name) => name.endsWith('.ts') && !name.includes('.test.')))
    expect(lib, file).toContain(file.replace(/\.ts$/, ''));
});
