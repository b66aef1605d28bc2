import { writeDataFile } from './data-file.js';
import { settingsSchema, type Settings } from '../../shared/settings.js';
import { withFileLock } from './file-lock.js';
import type { DamagedFileReport } from './profiles.js';
import { readJsonFile, setAside } from './json-file.js';
import { readSavedViews } from '../../shared/saved-view.js';

/** Settings and saved views take kB: a settings file past this is not one (it is never read whole). */
const SETTINGS_FILE_MAX_BYTES = 8 * 1024 * 1024;

export const DEFAULT_SETTINGS: Settings = { pageSize: 200 };

/** What a settings file holds, read key by key: the values this version understands, the rest kept as they are. */
interface ReadSettings {
  known: Partial<Settings>;
  unknown: Record<string, unknown>;
  problem?: string;
}

/**
 * The user's settings in `settings.json` (docs/architecture.md, "Files shared between processes" applies to it too): changed under a
 * cross-process lock after re-reading it, written atomically. Keys this version does not know are
 * ignored and kept (a newer version wrote them); a value or a file that cannot be read is reported
 * and a copy kept aside, never silently reset.
 */
export class SettingsStore {
  private constructor(
    private readonly path: string,
    private current: Settings,
  ) {}

  static async open(path: string): Promise<{ store: SettingsStore; damaged?: DamagedFileReport }> {
    const { settings, problem } = await readSettingsFile(path);
    const store = new SettingsStore(path, settings);
    if (problem === undefined) return { store };
    return { store, damaged: { reason: problem, movedTo: await setAside(path, new Date(), 'copy') } };
  }

  get(): Settings {
    return { ...this.current };
  }

  /** Changes the given settings, keeping what another process changed in the others meanwhile. */
  set(changes: Partial<Settings>): Promise<Settings> {
    return this.update(() => changes);
  }

  /**
   * Changes settings from what the file holds now (read again under the lock), so a change that
   * depends on the current value — a view added to a list — keeps another process's change to it.
   */
  async update(change: (onDisk: Settings) => Partial<Settings>): Promise<Settings> {
    await withFileLock(this.path, async () => {
      const onDisk = await readSettings(this.path);
      const current = { ...DEFAULT_SETTINGS, ...onDisk.known };
      const next = settingsSchema.parse({ ...current, ...change(current) });
      await writeDataFile(this.path, `${JSON.stringify({ ...onDisk.unknown, ...next }, null, 2)}\n`);
      this.current = next;
    });
    return this.get();
  }
}

/**
 * The settings a file holds, without changing it (what `cdb` reads): a value that cannot be read
 * is left out and named in `problem` (the app keeps the file aside at its next start).
 */
export async function readSettingsFile(path: string): Promise<{ settings: Settings; problem?: string }> {
  const read = await readSettings(path);
  const settings = { ...DEFAULT_SETTINGS, ...read.known };
  return read.problem === undefined ? { settings } : { settings, problem: read.problem };
}

async function readSettings(path: string): Promise<ReadSettings> {
  const read = await readJsonFile(path, SETTINGS_FILE_MAX_BYTES);
  if (read.kind === 'missing') return { known: {}, unknown: {} };
  if (read.kind === 'damaged') return { known: {}, unknown: {}, problem: read.problem };
  const { json } = read;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { known: {}, unknown: {}, problem: 'not an object of settings' };
  }
  const shape = settingsSchema.shape as Record<
    string,
    { safeParse(value: unknown): { success: boolean; data?: unknown } }
  >;
  const known: Record<string, unknown> = {};
  const unknown: Record<string, unknown> = {};
  const bad: string[] = [];
  for (const [key, value] of Object.entries(json)) {
    // Own keys only: "constructor" or "toString" in the file is an unknown key, not a member of every object.
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (key === 'views') {
      // One damaged view is left out and named; the others load.
      const read = readSavedViews(value);
      known[key] = read.views;
      bad.push(...read.damaged);
      continue;
    }
    if (!field) {
      unknown[key] = value;
      continue;
    }
    const parsed = field.safeParse(value);
    if (parsed.success) known[key] = parsed.data;
    else bad.push(`the value of ${key}`);
  }
  return {
    known,
    unknown,
    ...(bad.length && { problem: `could not read ${bad.join(', ')}: left out` }),
  };
}
