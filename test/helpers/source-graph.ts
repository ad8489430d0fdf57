import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/*
 * The house's own sources as the house rules see them (test/house-rules.test.ts): git-tracked code under
 * server/ db/ views/ client/ scripts/, tests left out; who imports whom, type imports included; and how long
 * every function is, by the TypeScript compiler's own parse.
 */

const ROOTS = ['server', 'db', 'views', 'client', 'scripts'];
const CODE = /\.(ts|tsx|mjs|js)$/;
const ALIASES = Object.entries(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { imports: Record<string, string> }).imports,
).map(([alias, target]) => [alias.replace('*', ''), normalize(target.replace('*', ''))] as const);

export function trackedSources(): string[] {
  return execFileSync('git', ['ls-files', '--', ...ROOTS], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => CODE.test(file) && !/\.test\.tsx?$/.test(file));
}

function resolve(from: string, specifier: string): string | undefined {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  if (alias) return normalize(alias[1] + specifier.slice(alias[0].length));
  if (specifier.startsWith('.')) return normalize(join(dirname(from), specifier));
  return undefined; // a package
}

/** Each file's imports among `files`: `import`, `import type`, `export … from` and `import()` of a literal. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => resolve(file, fileName))
        .filter((target): target is string => target !== undefined && known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** One circle of each group of files that import each other (Tarjan's strongly connected components). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups.map((group) => circleThrough(graph, new Set(group), group.sort()[0]!));
}

/** A readable circle inside a group: a → b → … → a, by breadth-first search back to the start. */
function circleThrough(graph: ReadonlyMap<string, readonly string[]>, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

export interface FunctionLength {
  /** `file:line` where it starts. */
  at: string;
  name: string;
  lines: number;
}

/** Every function (declarations, expressions, arrows, methods) longer than `over` lines, longest first. */
export function longFunctions(files: readonly string[], over: number): FunctionLength[] {
  const found: FunctionLength[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
        const name =
          node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : '(anonymous)');
        if (lines > over) found.push({ at: `${file}:${first + 1}`, name, lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}
