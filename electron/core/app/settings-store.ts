import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { settingsSchema, type Settings } from '../../shared/contract.js';

export const DEFAULT_SETTINGS: Settings = { language: 'en', theme: 'system', pageSize: 200 };

/** The user's settings in `settings.json`: validated, written atomically, defaults for what is missing or damaged. */
export class SettingsStore {
  private constructor(
    private readonly path: string,
    private current: Settings,
  ) {}

  static async open(path: string): Promise<SettingsStore> {
    let stored: unknown;
    try {
      stored = JSON.parse(await readFile(path, 'utf8'));
    } catch {
      // Missing or damaged: the defaults (settings are preferences, nothing is lost).
    }
    const parsed = settingsSchema.partial().safeParse(stored);
    return new SettingsStore(path, { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) });
  }

  get(): Settings {
    return { ...this.current };
  }

  async set(changes: Partial<Settings>): Promise<Settings> {
    const next = settingsSchema.parse({ ...this.current, ...changes });
    await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    this.current = next;
    return this.get();
  }
}
