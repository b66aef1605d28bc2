import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No two modules of what ships import each other, directly or round a longer circle (type-only
// imports too: a circle of types is a circle of meanings, and the next value import closes it).
// Modules that import each other cannot be read, tested or moved one at a time.

const ROOTS = ['electron', 'renderer/src'];
const SOURCE = /\.tsx?$/;
const NOT_SHIPPED = /\.test\.tsx?$|\.d\.ts$|\/testing\//;

/** Every source file under the roots, tests and test helpers aside. */
function sourceFiles(): string[] {
  return ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((name) => join(root, name))
      .filter((path) => SOURCE.test(path) && !NOT_SHIPPED.test(path)),
  );
}

/** The project files `file` imports by a relative path (`./x.js` is `./x.ts`, as TypeScript resolves it). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const base = resolve(dirname(file), specifier).replace(/\.js$/, '');
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path));
      return found ? [relative(process.cwd(), found)] : [];
    });
}

/** The circles of a graph: its strongly connected components of more than one module (Tarjan). */
function circlesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const circle: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      circle.push(member);
      if (member === node) break;
    }
    if (circle.length > 1 || graph.get(node)?.includes(node)) circles.push(circle.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('import circles', () => {
  it('finds a circle, long or short, and nothing else', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['d', 'e']],
    ]);
    expect(circlesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('none among the modules that ship', () => {
    const graph = new Map(sourceFiles().map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(150);
    expect(circlesOf(graph)).toEqual([]);
  });
});
