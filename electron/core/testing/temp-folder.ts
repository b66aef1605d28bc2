import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** A new folder in the system's temporary folder, named from `prefix`: the one way tests make one. */
export function makeTempFolder(prefix = 'cdb-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/**
 * Folders of a test file's own, each removed after the test that made it. Called at the top of
 * the file; the function it returns makes one (in a test or a beforeEach).
 */
export function tempFolders(prefix: string): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });
  return async () => {
    const folder = await makeTempFolder(prefix);
    made.push(folder);
    return folder;
  };
}
