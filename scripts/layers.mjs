// The inner order of the two big areas, written once (as VS Code's `code-layering` table is): each
// area's folders from the ground up, floor by floor. A folder imports what is on the floors below
// its own, and nothing on its floor or above: dependencies point down, so no two folders import
// each other and each can be read, tested and moved with what is under it. The files at an area's
// root are one room, `.`. A room may be an area of its own (core/search, the renderer's table): its
// folders are ordered inside it the same way. eslint.config.js enforces it (`local/layering`); docs/architecture.md,
// "Layers", explains each floor; scripts/layering.test.ts shows the rule fires.
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

/** @type {Record<string, string[][]>} */
export const INNER_LAYERS = {
  'electron/core': [
    ['.'],
    ['store'],
    ['net', 'rate'],
    ['auth'],
    ['api'],
    ['search', 'export', 'connections'],
    ['service'],
  ],
  // The held lists' engine: a column store, the lists kept and read on it, the queries on top.
  'electron/core/search': [['columns'], ['lists'], ['.']],
  'renderer/src': [
    ['i18n'],
    ['api'],
    ['ui'],
    ['keyboard'],
    ['rows'],
    ['data'],
    ['customer', 'desk', 'exports', 'links', 'saved-views'],
    ['table', 'finder', 'connections'],
    ['shell'],
    ['screens'],
    ['.'],
  ],
  // A table: its columns, a view's rows read, the grid drawing both, what opens over the grid, and
  // the table itself at the root.
  'renderer/src/table': [
    ['columns'],
    ['view'],
    ['grid'],
    ['colours', 'find', 'record-panel', 'values'],
    ['.'],
  ],
};

/**
 * Where `file` (relative to the repository) stands in `area`: its room there, if it is in the area.
 * @param {string} file
 * @param {string} area
 */
export function roomOf(file, area) {
  const path = file.split(sep).join('/');
  if (!path.startsWith(`${area}/`)) return undefined;
  const [first = '', ...rest] = path.slice(area.length + 1).split('/');
  const isFolder = rest.length > 0 || (existsSync(path) && statSync(path).isDirectory());
  return isFolder ? first : '.';
}

/**
 * The floor of `room` in `area`, or undefined when the table does not place it.
 * @param {string} area
 * @param {string} room
 */
export function floorOf(area, room) {
  const floor = (INNER_LAYERS[area] ?? []).findIndex((rooms) => rooms.includes(room));
  return floor < 0 ? undefined : floor;
}

/**
 * Why importing `target` from `file` (both relative to the repository) breaks the order, if it does:
 * checked in every area holding both, the outer first.
 * @param {string} file
 * @param {string} target
 */
export function layeringProblem(file, target) {
  for (const area of Object.keys(INNER_LAYERS)) {
    const from = roomOf(file, area);
    const to = roomOf(target, area);
    if (from === undefined || to === undefined || from === to) continue;
    // Test helpers stand beside the order: only tests and other helpers import them (lint's TESTING).
    if (to === 'testing') return undefined;
    const fromFloor = floorOf(area, from);
    const toFloor = floorOf(area, to);
    /** @param {string} room */
    const name = (room) => (room === '.' ? `the files at ${area}/` : `${area}/${room}/`);
    if (fromFloor === undefined)
      return `${name(from)} is not in the layer table (scripts/layers.mjs): give it a floor.`;
    if (toFloor === undefined)
      return `${name(to)} is not in the layer table (scripts/layers.mjs): give it a floor.`;
    if (toFloor < fromFloor) return undefined;
    const where = toFloor === fromFloor ? 'on the same floor' : 'above';
    return `Bad layering: ${name(from)} may not import ${name(to)}, ${where} it (scripts/layers.mjs): dependencies point down.`;
  }
  return undefined;
}

/** @param {string} path */
const isTestFile = (path) => /\.test\.tsx?$/.test(path) || /(^|\/)testing\//.test(path);

/** The ESLint rule: every relative import of a shipped file of an area checked against the table. */
export const layeringRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports point down the inner layer table.' } },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    const file = relative(context.cwd, context.filename).split(sep).join('/');
    if (isTestFile(file) || !Object.keys(INNER_LAYERS).some((area) => roomOf(file, area))) return {};
    /** @param {{ source?: { value?: unknown } }} node */
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = relative(context.cwd, resolve(dirname(context.filename), spec))
        .split(sep)
        .join('/');
      const problem = layeringProblem(file, target);
      if (problem)
        context.report({ node: /** @type {import('estree').Node} */ (node.source), message: problem });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const layeringPlugin = { rules: { layering: layeringRule } };
