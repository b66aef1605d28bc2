// The inner order of the two big areas, written once (as VS Code's `code-layering` table is): each
// area's folders from the ground up, floor by floor. A folder imports what is on the floors below
// its own, and nothing on its floor or above: dependencies point down, so no two folders import
// each other and each can be read, tested and moved with what is under it. The files at an area's
// root are one room, `.`. eslint.config.js enforces it (`local/layering`); docs/architecture.md,
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
};

/**
 * Where `file` (relative to the repository) stands: its area and its room, if it is in one.
 * @param {string} file
 */
export function roomOf(file) {
  const path = file.split(sep).join('/');
  for (const area of Object.keys(INNER_LAYERS)) {
    if (!path.startsWith(`${area}/`)) continue;
    const [first = '', ...rest] = path.slice(area.length + 1).split('/');
    const isFolder = rest.length > 0 || (existsSync(path) && statSync(path).isDirectory());
    return { area, room: isFolder ? first : '.' };
  }
  return undefined;
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
 * Why importing `target` from `file` (both relative to the repository) breaks the order, if it does.
 * @param {string} file
 * @param {string} target
 */
export function layeringProblem(file, target) {
  const from = roomOf(file);
  const to = roomOf(target);
  if (!from || !to || from.area !== to.area || from.room === to.room) return undefined;
  // Test helpers stand beside the order: only tests and other helpers import them (lint's TESTING).
  if (to.room === 'testing') return undefined;
  const fromFloor = floorOf(from.area, from.room);
  const toFloor = floorOf(to.area, to.room);
  /** @param {string} room */
  const name = (room) => (room === '.' ? `the files at ${from.area}/` : `${from.area}/${room}/`);
  if (fromFloor === undefined)
    return `${name(from.room)} is not in the layer table (scripts/layers.mjs): give it a floor.`;
  if (toFloor === undefined)
    return `${name(to.room)} is not in the layer table (scripts/layers.mjs): give it a floor.`;
  if (toFloor < fromFloor) return undefined;
  const where = toFloor === fromFloor ? 'on the same floor' : 'above';
  return `Bad layering: ${name(from.room)} may not import ${name(to.room)}, ${where} it (scripts/layers.mjs): dependencies point down.`;
}

/** @param {string} path */
const isTestFile = (path) => /\.test\.tsx?$/.test(path) || /(^|\/)testing\//.test(path);

/** The ESLint rule: every relative import of a shipped file of an area checked against the table. */
export const layeringRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports point down the inner layer table.' } },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    const file = relative(context.cwd, context.filename).split(sep).join('/');
    if (isTestFile(file) || !roomOf(file)) return {};
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
