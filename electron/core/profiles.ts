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
    this.assertUniqueName(fields.name);
    const at = this.now().toISOString();
    const profile: Profile = { ...fields, id: randomUUID(), createdAt: at, updatedAt: at };
    await this.save([...this.profiles, profile]);
    return { ...profile };
  }

  /** Changes some fields of a profile; the result is validated as a whole. */
  async update(id: string, changes: unknown): Promise<Profile> {
    const current = this.profiles.find((profile) => profile.id === id);
    if (!current) throw new ProfileError(`no profile with id ${id}`);
    if (typeof changes !== 'object' || changes === null)
      throw new ProfileError('changes: expected an object');
    const { id: _id, createdAt, updatedAt: _updatedAt, ...editable } = current;
    const fields = parseInput({ ...editable, ...changes });
    this.assertUniqueName(fields.name, id);
    const profile: Profile = { ...fields, id, createdAt, updatedAt: this.now().toISOString() };
    await this.save(this.profiles.map((candidate) => (candidate.id === id ? profile : candidate)));
    return { ...profile };
  }

  /** Removes a profile; false when there was none with that id. */
  async remove(id: string): Promise<boolean> {
    const remaining = this.profiles.filter((profile) => profile.id !== id);
    if (remaining.length === this.profiles.length) return false;
    await this.save(remaining);
    return true;
  }

  private assertUniqueName(name: string, exceptId?: string): void {
    const clash = this.findByName(name);
    if (clash && clash.id !== exceptId)
      throw new ProfileError(`name: a profile called "${clash.name}" already exists`);
  }

  /** Writes the whole file atomically; writes are queued so two saves never interleave. */
  private async save(profiles: Profile[]): Promise<void> {
    const document = fileSchema.parse({ version: 1, profiles });
    const write = this.writes.then(() =>
      writeFileAtomic(this.path, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 }),
    );
    this.writes = write.catch(() => undefined);
    await write;
    this.profiles = profiles;
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
