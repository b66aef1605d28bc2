import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AuditEntry } from '../../shared/export.js';
import { redact } from '../redact.js';

export type { AuditEntry };

/** The export audit log: one JSON line per export, appended, readable by the user only. */
export class AuditLog {
  constructor(readonly path: string) {}

  async append(entry: AuditEntry): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    // Defence in depth: no secret this process handled reaches the file (redact.ts).
    await appendFile(this.path, `${redact(JSON.stringify(entry))}\n`, { mode: 0o600 });
  }

  /** The newest `count` entries, newest first (lines that do not parse are skipped). */
  async recent(count: number): Promise<AuditEntry[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries: AuditEntry[] = [];
    for (const line of text.split('\n').reverse()) {
      if (entries.length === count) break;
      try {
        if (line) entries.push(JSON.parse(line) as AuditEntry);
      } catch {
        // A torn line (a crash mid-append) is not an entry.
      }
    }
    return entries;
  }
}
