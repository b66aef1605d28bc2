import { mkdir, readFile } from 'node:fs/promises';
import { appendDataFile, PRIVATE_FOLDER } from '../store/data-file.js';
import { dirname } from 'node:path';
import type { AuditEntry } from '../../shared/export.js';
import { redact } from '../redact.js';

export type { AuditEntry };

/** What is known of an export when it starts. */
export type AuditStart = Omit<AuditEntry, 'outcome' | 'rows' | 'cutCells' | 'error'>;
/** What is known when it ends. */
export type AuditEnd = Pick<AuditEntry, 'outcome' | 'rows' | 'cutCells' | 'error'>;

type Line =
  ({ event: 'started' } & AuditStart) | ({ event: 'ended'; id: string; endedAt: string } & AuditEnd);

/**
 * The export audit log: a line when an export starts and one when it ends, appended, readable by
 * the user only. An export whose process was stopped (a crash, a kill) keeps its "started" line.
 */
export class AuditLog {
  constructor(readonly path: string) {}

  started(entry: AuditStart): Promise<void> {
    return this.append({ event: 'started', ...entry });
  }

  ended(id: string, end: AuditEnd): Promise<void> {
    return this.append({ event: 'ended', id, endedAt: new Date().toISOString(), ...end });
  }

  /** The newest `count` exports, newest first, each with how it ended (lines that do not parse are skipped). */
  async recent(count: number): Promise<AuditEntry[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries = new Map<string, AuditEntry>();
    for (const raw of text.split('\n')) {
      let line: Line;
      try {
        if (!raw) continue;
        line = JSON.parse(raw) as Line;
      } catch {
        continue; // A torn line (a crash mid-append) is not an entry.
      }
      if (line.event === 'started') {
        const { event: _event, ...start } = line;
        entries.set(line.id, { ...start, outcome: 'unfinished', rows: 0 });
      } else if (line.event === 'ended') {
        const started = entries.get(line.id);
        const { event: _event, id: _id, endedAt: _endedAt, ...end } = line;
        if (started) entries.set(line.id, { ...started, ...end });
      }
    }
    return [...entries.values()].reverse().slice(0, count);
  }

  private async append(line: Line): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: PRIVATE_FOLDER });
    // Defence in depth: no secret this process handled reaches the file (redact.ts).
    await appendDataFile(this.path, `${redact(JSON.stringify(line))}\n`);
  }
}
