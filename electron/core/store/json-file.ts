import { copyFile, lstat, readdir, readFile, rename, rm } from 'node:fs/promises';
import { readCarefully } from './small-file.js';
import { basename, dirname, join } from 'node:path';

/**
 * Damaged copies of one file kept at most: they may hold personal data (a saved view's filter
 * values), so a file damaged at every start does not leave one more copy each time.
 */
const DAMAGED_COPIES_KEPT = 3;

/**
 * The app's data files are JSON, each with a schema of its own (profiles, settings, the token
 * ledger, the token file). Reading one has the same three outcomes everywhere, and a damaged one is
 * kept aside, never emptied or deleted, so the user or support can still read what it held.
 */

/** A JSON text as a value, or why it is not JSON. */
export function parseJson(text: string): { json: unknown } | { problem: string } {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` };
  }
}

/** A data file: absent, damaged (why: not JSON, or not a file to read), or its value, for the file's own schema to judge. */
export type JsonFileRead =
  { kind: 'missing' } | { kind: 'damaged'; problem: string } | { kind: 'json'; json: unknown };

/**
 * Reads the data file at `path` (any error but those below is the caller's), at most `maxBytes`:
 * a link, a FIFO, a device or a file past the cap is damaged (readCarefully), never followed,
 * waited on or read whole, so a start never hangs on what another process left there.
 */
export async function readJsonFile(path: string, maxBytes: number): Promise<JsonFileRead> {
  const read = await readCarefully(path, maxBytes);
  if (read.kind === 'missing') return read;
  if (read.kind === 'refused') return { kind: 'damaged', problem: read.problem };
  const parsed = parseJson(read.text);
  return 'json' in parsed
    ? { kind: 'json', json: parsed.json }
    : { kind: 'damaged', problem: parsed.problem };
}

/** Where a damaged data file is kept aside: beside it, named after the time it was found. */
export function damagedName(path: string, at: Date): string {
  return `${path}.damaged-${at.toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * Keeps the damaged file at `path` aside: moved (the app starts the file again) or copied (the app
 * goes on with what it could read of it; a copy of the very same content is not made twice). Only
 * the newest DAMAGED_COPIES_KEPT are kept. Returns where it went.
 */
export async function setAside(path: string, at: Date, how: 'move' | 'copy'): Promise<string> {
  const folder = dirname(path);
  const prefix = `${basename(path)}.damaged-`;
  const earlier = (await readdir(folder).catch(() => [] as string[]))
    .filter((name) => name.startsWith(prefix))
    .sort();
  // Only a regular file is copied: a FIFO or a device would block the copy, so it is moved instead.
  const moved = how === 'move' || !(await lstat(path)).isFile();
  if (!moved) {
    const content = await readFile(path);
    for (const name of [...earlier].reverse()) {
      const copy = await readFile(join(folder, name)).catch(() => undefined);
      if (copy?.equals(content)) return join(folder, name);
    }
  }
  const kept = damagedName(path, at);
  await (moved ? rename(path, kept) : copyFile(path, kept));
  for (const name of earlier.slice(0, Math.max(0, earlier.length - (DAMAGED_COPIES_KEPT - 1)))) {
    await rm(join(folder, name), { force: true }).catch(() => undefined);
  }
  return kept;
}
