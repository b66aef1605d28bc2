import { z } from 'zod';
import { writeDataFile } from './data-file.js';
import { readJsonFile } from './json-file.js';

/** The port file holds one number. */
const PORT_FILE_MAX_BYTES = 4_096;

const keptPortSchema = z.object({ port: z.number().int().min(1_024).max(65_535) }).strict();

/**
 * The port the host listened on last time (`host-port.json` in the data folder), if it is one it may
 * use. Listening there again keeps the tabs' addresses: the browser keeps a tab's desk key per site
 * (docs/decisions/0009-session-restore.md), and a bookmark still works.
 */
export async function lastPort(path: string): Promise<number | undefined> {
  const read = await readJsonFile(path, PORT_FILE_MAX_BYTES).catch(() => undefined);
  if (read?.kind !== 'json') return undefined;
  const parsed = keptPortSchema.safeParse(read.json);
  return parsed.success ? parsed.data.port : undefined;
}

/** Keeps the port the host listens on, for its next start. */
export function keepPort(path: string, port: number): Promise<void> {
  return writeDataFile(path, `${JSON.stringify({ port })}\n`);
}
