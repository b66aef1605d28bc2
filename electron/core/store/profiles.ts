import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_FOLDER, writeDataFile } from './data-file.js';
import { z } from 'zod';
import { describeIssues, profileInputSchema, profileSchema, type Profile } from '../../shared/profile.js';
import { credentialsOf, sameCredentials, type Credentials } from '../credentials.js';
import { withFileLock } from './file-lock.js';
import { damagedName, readJsonFile, setAside } from './json-file.js';

/** Profiles take a few kB, a company root up to 256 KiB each: a profiles file past this is not one. */
const PROFILES_FILE_MAX_BYTES = 16 * 1024 * 1024;

/** A profile that cannot be saved as given; the message names the offending field. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

/** Profiles that could not be read were moved aside (never emptied) so nothing is lost. */
export interface DamagedFileReport {
  reason: string;
  movedTo: string;
}

const FILE_NAME = 'profiles.json';
const fileSchema = z.object({ version: z.literal(1), profiles: z.array(z.unknown()) });
/** On read, keys this version does not know are allowed (a newer version may have written them) and kept. */
const storedProfileSchema = profileSchema.strip();
const KNOWN_KEYS = new Set(Object.keys(profileSchema.shape));

/** A profile as the file holds it: what this version reads, and the keys it does not know. */
interface Stored {
  profile: Profile;
  unknownKeys: Record<string, unknown>;
}

/**
 * Connection profiles in one JSON file (`profiles.json`) in a data folder given by the caller,
 * shared by the app and every `cdb` run (docs/architecture.md, "Files shared between processes"): read afresh on every call, changed
 * under a cross-process lock after re-reading it so no process loses another's change, validated
 * entry by entry (one damaged entry is set aside and reported, the others stay usable), written
 * atomically, and never holding a secret (those are in the Vault).
 */
export class ProfileStore {
  private constructor(
    private readonly path: string,
    private readonly now: () => Date,
  ) {}

  /**
   * Opens the store in `dataDir`. A file that is not JSON, or entries that are not profiles, are
   * moved aside to `profiles.json.damaged-<time>` and reported; the rest stay usable.
   */
  static async open(
    dataDir: string,
    now: () => Date = () => new Date(),
  ): Promise<{ store: ProfileStore; damaged?: DamagedFileReport }> {
    await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER });
    const store = new ProfileStore(join(dataDir, FILE_NAME), now);
    const damaged = await withFileLock(store.path, async () => (await store.readAndRepair()).damaged);
    return { store, ...(damaged && { damaged }) };
  }

  /** The profiles as the file holds them now (whichever process saved them). */
  async list(): Promise<Profile[]> {
    return (await this.read()).stored.map(({ profile }) => profile);
  }

  async get(id: string): Promise<Profile | undefined> {
    return (await this.list()).find((candidate) => candidate.id === id);
  }

  /** True when a profile other than `profileId` asks tokens with `credentials` (their cached token is still in use). */
  async othersUse(credentials: Credentials, profileId: string): Promise<boolean> {
    return (await this.list()).some(
      (other) => other.id !== profileId && sameCredentials(credentialsOf(other), credentials),
    );
  }

  /** The profile with this name, compared without regard to case. */
  async findByName(name: string): Promise<Profile | undefined> {
    const wanted = name.trim().toLocaleLowerCase();
    return (await this.list()).find((profile) => profile.name.toLocaleLowerCase() === wanted);
  }

  async create(input: unknown): Promise<Profile> {
    const fields = parseInput(input);
    return this.change((stored) => {
      assertUniqueName(stored, fields.name);
      const at = this.now().toISOString();
      const profile: Profile = { ...fields, id: randomUUID(), createdAt: at, updatedAt: at };
      return { stored: [...stored, { profile, unknownKeys: {} }], result: { ...profile } };
    });
  }

  /** Changes some fields of a profile; the result is validated as a whole. */
  async update(id: string, changes: unknown): Promise<Profile> {
    if (typeof changes !== 'object' || changes === null)
      throw new ProfileError('changes: expected an object');
    return this.change((stored) => {
      const current = stored.find(({ profile }) => profile.id === id);
      if (!current) throw new ProfileError(`no profile with id ${id}`);
      const { id: _id, createdAt, updatedAt: _updatedAt, ...editable } = current.profile;
      const fields = parseInput({ ...editable, ...changes });
      assertUniqueName(stored, fields.name, id);
      const profile: Profile = { ...fields, id, createdAt, updatedAt: this.now().toISOString() };
      return {
        stored: stored.map((entry) => (entry === current ? { ...entry, profile } : entry)),
        result: { ...profile },
      };
    });
  }

  /** Removes a profile; false when there was none with that id. */
  remove(id: string): Promise<boolean> {
    return this.change((stored) => {
      const remaining = stored.filter(({ profile }) => profile.id !== id);
      const removed = remaining.length !== stored.length;
      return { stored: removed ? remaining : undefined, result: removed };
    });
  }

  /**
   * Applies one change to the profiles as they are on disk now (re-read under the lock) and writes
   * the file atomically (no `stored`: nothing changed).
   */
  private change<T>(apply: (stored: Stored[]) => { stored?: Stored[]; result: T }): Promise<T> {
    return withFileLock(this.path, async () => {
      const { stored: current } = await this.readAndRepair();
      const { stored, result } = apply(current);
      if (stored) await this.write(stored);
      return result;
    });
  }

  private async write(stored: Stored[]): Promise<void> {
    const profiles = stored.map(({ profile, unknownKeys }) => ({ ...unknownKeys, ...profile }));
    await writeDataFile(this.path, `${JSON.stringify({ version: 1, profiles }, null, 2)}\n`);
  }

  /** Reads the file; what cannot be read is moved aside and the file rewritten without it. Call under the lock. */
  private async readAndRepair(): Promise<{ stored: Stored[]; damaged?: DamagedFileReport }> {
    const { stored, damaged } = await this.read();
    if (!damaged) return { stored };
    if (damaged.entries === undefined) {
      return {
        stored,
        damaged: { reason: damaged.reason, movedTo: await setAside(this.path, this.now(), 'move') },
      };
    }
    // Only the entries that could not be read are kept aside; the file goes on with the others.
    const movedTo = damagedName(this.path, this.now());
    const aside = `${JSON.stringify({ version: 1, profiles: damaged.entries }, null, 2)}\n`;
    await writeDataFile(movedTo, aside);
    await this.write(stored);
    return { stored, damaged: { reason: damaged.reason, movedTo } };
  }

  /** The readable profiles of the file, and what in it could not be read (all of it when `entries` is absent). */
  private async read(): Promise<{
    stored: Stored[];
    damaged?: { reason: string; entries?: unknown[] };
  }> {
    const read = await readJsonFile(this.path, PROFILES_FILE_MAX_BYTES);
    if (read.kind === 'missing') return { stored: [] };
    if (read.kind === 'damaged') return { stored: [], damaged: { reason: read.problem } };
    const file = fileSchema.safeParse(read.json);
    if (!file.success) return { stored: [], damaged: { reason: describeIssues(file.error) } };
    const stored: Stored[] = [];
    const bad: unknown[] = [];
    const reasons: string[] = [];
    file.data.profiles.forEach((entry, index) => {
      const parsed = storedProfileSchema.safeParse(entry);
      if (parsed.success && !stored.some(({ profile }) => profile.id === parsed.data.id)) {
        stored.push({ profile: parsed.data, unknownKeys: unknownKeysOf(entry) });
      } else {
        bad.push(entry);
        reasons.push(
          parsed.success
            ? `profiles.${index}: a second profile with id ${parsed.data.id}`
            : describeIssues(parsed.error).replace(/(^|; )/g, `$1profiles.${index}.`),
        );
      }
    });
    return bad.length ? { stored, damaged: { reason: reasons.join('; '), entries: bad } } : { stored };
  }
}

function assertUniqueName(stored: readonly Stored[], name: string, exceptId?: string): void {
  const wanted = name.toLocaleLowerCase();
  const clash = stored.find(
    ({ profile }) => profile.name.toLocaleLowerCase() === wanted && profile.id !== exceptId,
  );
  if (clash) throw new ProfileError(`name: a profile called "${clash.profile.name}" already exists`);
}

function parseInput(input: unknown): z.output<typeof profileInputSchema> {
  const parsed = profileInputSchema.safeParse(input);
  if (!parsed.success) throw new ProfileError(describeIssues(parsed.error));
  return parsed.data;
}

function unknownKeysOf(entry: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entry as Record<string, unknown>).filter(([key]) => !KNOWN_KEYS.has(key)),
  );
}
