import { copyFile, readFile, rename } from 'node:fs/promises';

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

/** A data file: absent, not JSON (why), or its value, for the file's own schema to judge. */
export type JsonFileRead =
  { kind: 'missing' } | { kind: 'damaged'; problem: string } | { kind: 'json'; json: unknown };

/** Reads the data file at `path` (any error but "no such file" is the caller's). */
export async function readJsonFile(path: string): Promise<JsonFileRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  const parsed = parseJson(text);
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
 * goes on with what it could read of it). Returns where it went.
 */
export async function setAside(path: string, at: Date, how: 'move' | 'copy'): Promise<string> {
  const kept = damagedName(path, at);
  await (how === 'move' ? rename(path, kept) : copyFile(path, kept));
  return kept;
}
