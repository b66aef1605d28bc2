import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { describeIssues, profileInputSchema, profileSchema, type Profile } from '../shared/profile.js';

/** A profile that cannot be saved as given; the message names the offending field. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

/** The profiles file could not be read; it was moved aside (never emptied) so nothing is lost. */
export interface DamagedFileReport {
  reason: string;
  movedTo: string;
}

const FILE_NAME = 'profiles.json';
const fileSchema = z.object({ version: z.literal(1), profiles: z.array(profileSchema) });

/**
 * Connection profiles in one JSON file (`profiles.json`) in a data folder given by the caller:
 * validated on read and on write, written atomically (temporary file, then rename), and never
 * holding a secret (those are in the Vault).
 */
export class ProfileStore {
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private profiles: Profile[],
    private readonly now: () => Date,
  ) {}

  /**
   * Opens the store in `dataDir`. A file that is not JSON or not valid is moved aside to
   * `profiles.json.damaged-<time>` and reported; the store then starts empty.
   */
  static async open(
    dataDir: string,
    now: () => Date = () => new Date(),
  ): Promise<{ store: ProfileStore; damaged?: DamagedFileReport }> {
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, FILE_NAME);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { store: new ProfileStore(path, [], now) };
      throw error;
    }
    const contents = parseFile(text);
    if ('profiles' in contents) return { store: new ProfileStore(path, contents.profiles, now) };
    const { reason } = contents;
    const movedTo = `${path}.damaged-${now().toISOString().replace(/[:.]/g, '-')}`;
    await rename(path, movedTo);
    return { store: new ProfileStore(path, [], now), damaged: { reason, movedTo } };
  }

  list(): Profile[] {
    return this.profiles.map((profile) => ({ ...profile }));
  }

  get(id: string): Profile | undefined {
    const profile = this.profiles.find((candidate) => candidate.id === id);
    return profile && { ...profile };
  }

  /** The profile with this name, compared without regard to case. */
  findByName(name: string): Profile | undefined {
    const wanted = name.trim().toLocaleLowerCase();
    return this.list().find((profile) => profile.name.toLocaleLowerCase() === wanted);
  }

  async create(input: unknown): Promise<Profile> {
    const fields = parseInput(input);
    return this.change((profiles) => {
      this.assertUniqueName(profiles, fields.name);
      const at = this.now().toISOString();
      const profile: Profile = { ...fields, id: randomUUID(), createdAt: at, updatedAt: at };
      return { profiles: [...profiles, profile], result: { ...profile } };
    });
  }

  /** Changes some fields of a profile; the result is validated as a whole. */
  async update(id: string, changes: unknown): Promise<Profile> {
    if (typeof changes !== 'object' || changes === null)
      throw new ProfileError('changes: expected an object');
    return this.change((profiles) => {
      const current = profiles.find((profile) => profile.id === id);
      if (!current) throw new ProfileError(`no profile with id ${id}`);
      const { id: _id, createdAt, updatedAt: _updatedAt, ...editable } = current;
      const fields = parseInput({ ...editable, ...changes });
      this.assertUniqueName(profiles, fields.name, id);
      const profile: Profile = { ...fields, id, createdAt, updatedAt: this.now().toISOString() };
      return {
        profiles: profiles.map((candidate) => (candidate.id === id ? profile : candidate)),
        result: { ...profile },
      };
    });
  }

  /** Removes a profile; false when there was none with that id. */
  remove(id: string): Promise<boolean> {
    return this.change((profiles) => {
      const remaining = profiles.filter((profile) => profile.id !== id);
      const removed = remaining.length !== profiles.length;
      return { profiles: removed ? remaining : undefined, result: removed };
    });
  }

  private assertUniqueName(profiles: Profile[], name: string, exceptId?: string): void {
    const wanted = name.toLocaleLowerCase();
    const clash = profiles.find(
      (profile) => profile.name.toLocaleLowerCase() === wanted && profile.id !== exceptId,
    );
    if (clash) throw new ProfileError(`name: a profile called "${clash.name}" already exists`);
  }

  /**
   * Applies one change to the list and writes the whole file atomically (no `profiles`: nothing
   * changed). Changes are queued, each seeing the list the previous one left, so concurrent saves
   * never lose one another.
   */
  private change<T>(apply: (profiles: Profile[]) => { profiles?: Profile[]; result: T }): Promise<T> {
    const done = this.writes.then(async () => {
      const { profiles, result } = apply(this.profiles);
      if (profiles) {
        const document = fileSchema.parse({ version: 1, profiles });
        await writeFileAtomic(this.path, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
        this.profiles = profiles;
      }
      return result;
    });
    this.writes = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }
}

function parseInput(input: unknown): z.output<typeof profileInputSchema> {
  const parsed = profileInputSchema.safeParse(input);
  if (!parsed.success) throw new ProfileError(describeIssues(parsed.error));
  return parsed.data;
}

/** The profiles of a file's text, or why they cannot be read from it. */
function parseFile(text: string): { profiles: Profile[] } | { reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { reason: `not valid JSON (${(error as Error).message})` };
  }
  const parsed = fileSchema.safeParse(json);
  return parsed.success ? { profiles: parsed.data.profiles } : { reason: describeIssues(parsed.error) };
}
