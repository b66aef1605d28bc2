import { randomBytes } from 'node:crypto';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempFolders } from '../testing/temp-folder.js';
import { PartsReader, toParts } from './parts-format.js';
import { openSealed, readSealed, writeSealed, type SealedHeader } from './sealed-list-file.js';

const folder = tempFolders('cdb-sealed-');
const key = randomBytes(32);
const header: SealedHeader = { connectionId: 'conn-1', api: 'api-hash', resource: 'customers', usedAt: 1 };
/** A tree with a column of three megabytes: one item over several of the reader's one-megabyte chunks. */
const tree = { names: Array.from({ length: 60_000 }, (_, index) => `Customer ${index} `.padEnd(50, '.')) };

afterEach(() => vi.restoreAllMocks());

async function written(): Promise<string> {
  const path = join(await folder(), 'list.list');
  await writeSealed(path, header, [tree], key);
  return path;
}

async function read(path: string): Promise<unknown[] | undefined> {
  const sealed = await openSealed(path);
  return sealed && readSealed(sealed, key);
}

describe('a kept list’s sealed file', () => {
  it('reads back an item longer than a chunk', async () => {
    expect(await read(await written())).toEqual([tree]);
  });

  it('parses nothing of a body whose tag fails: a length changed in the ciphertext, megabytes added', async () => {
    const path = await written();
    const bytes = await readFile(path);
    const body = bytes.indexOf('}', 20) + 1;
    // AES-GCM is a stream cipher: the first item's length is changed without the key (its high byte).
    bytes[body + 3] = (bytes[body + 3] ?? 0) ^ 0x7f;
    await writeFile(path, bytes);
    await appendFile(path, randomBytes(8 * 2 ** 20));
    const parsed = vi.spyOn(PartsReader.prototype, 'push');
    expect(await read(path)).toBeUndefined();
    // Before: every chunk was parsed before the tag was checked (and copied again for each).
    expect(parsed).not.toHaveBeenCalled();
  });
});

describe('the parts reader', () => {
  it('refuses at once an item said longer than the bytes left', () => {
    const parts = Buffer.concat(toParts({ a: 1 }));
    const lying = Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0x7f]), parts]);
    expect(() => new PartsReader(lying.length).push(lying.subarray(0, 8))).toThrow(/longer/);
  });
});
