import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { INNER_LAYERS, roomOf } from './layers.mjs';

// No two modules of what ships import each other, directly or round a longer circle (type-only
// imports too: a circle of types is a circle of meanings, and the next value import closes it).
// Modules that import each other cannot be read, tested or moved one at a time; nor can folders.

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

  it('none among the folders that ship: in each area of the layer table each folder is a room, and so are the files at its root', () => {
    // A file's room in the innermost area that holds it (core/search's lists/, not core's search/).
    const roomKey = (file: string) => {
      const area = Object.keys(INNER_LAYERS)
        .filter((name) => roomOf(file, name) !== undefined)
        .sort((a, b) => b.length - a.length)[0];
      return area ? `${area}/${roomOf(file, area)}` : dirname(file);
    };
    const rooms = new Map<string, Set<string>>();
    for (const file of sourceFiles()) {
      const from = roomKey(file);
      const next = rooms.get(from) ?? new Set<string>();
      for (const target of importsOf(file)) if (roomKey(target) !== from) next.add(roomKey(target));
      rooms.set(from, next);
    }
    expect(rooms.size).toBeGreaterThan(25);
    expect(circlesOf(new Map([...rooms].map(([room, next]) => [room, [...next]])))).toEqual([]);
  });
});
