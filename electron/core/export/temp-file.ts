import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Writable } from 'node:stream';

/**
 * How this app names its temporary files: `.<target>.cdb-<host>-<pid>-<random>.part` (host: a short
 * digest of this machine's name; older versions wrote none), so leftovers are recognisable and a
 * file written from another machine into a shared folder is never judged by this machine's pids.
 */
const TEMP_NAME = /^\..+\.cdb-(?:([0-9a-f]{8})-)?(\d+)-[0-9a-f]{12}\.part$/;
/** This machine, as temporary files name it. */
const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/**
 * The file an export writes into: a hidden temporary file next to the target (same folder, so the
 * final rename is atomic), readable by the user only. It is created exclusively without following
 * links (O_EXCL | O_NOFOLLOW) and written only through that descriptor, never reopened by path:
 * whoever can write to the folder cannot redirect the export into another file. The target
 * appears only when the export is complete; a failed or cancelled export leaves nothing there.
 */
export class TempFile {
  /** The stream writing now: a restart waits for its writes to land before emptying the file. */
  private writer: DescriptorWriter | undefined;

  private constructor(
    readonly path: string,
    readonly target: string,
    private readonly handle: FileHandle,
    private readonly created: Stats,
  ) {}

  /** Creates the temporary file now, so an unwritable folder fails before any data is fetched. */
  static async beside(target: string): Promise<TempFile> {
    const name = `.${basename(target)}.cdb-${HOST_TAG}-${process.pid}-${randomBytes(6).toString('hex')}.part`;
    const path = join(dirname(target), name);
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
    const handle = await open(path, flags, 0o600).catch(async (error: NodeJS.ErrnoException) => {
      const folder = await stat(dirname(target)).catch(() => undefined);
      if (folder?.isDirectory()) throw error;
      throw Object.assign(
        new Error(`the folder ${dirname(target)} does not exist: create it, or export to another one`),
        { code: error.code, cause: error },
      );
    });
    return new TempFile(path, target, handle, await handle.stat());
  }

  /** A stream writing the file from its start (emptied first: an export may restart), through the descriptor. */
  async restart(): Promise<Writable> {
    // A write of the stream before (destroyed, not waited for) could land after the truncate.
    await this.writer?.settled();
    await this.handle.truncate(0);
    this.writer = new DescriptorWriter(this.handle);
    return this.writer;
  }

  /**
   * Moves the finished file to the target, replacing what was there only now; refuses when the
   * name no longer holds the file this export wrote (someone replaced it meanwhile).
   */
  async commit(): Promise<void> {
    await this.writer?.settled();
    await this.handle.close();
    const now = await lstat(this.path).catch(() => undefined);
    if (!now || now.ino !== this.created.ino || now.dev !== this.created.dev) {
      throw Object.assign(
        new Error(
          `the temporary file ${this.path} was replaced during the export; nothing was written to ${this.target}`,
        ),
        { code: 'EREPLACED' },
      );
    }
    await rename(this.path, this.target);
  }

  async discard(): Promise<void> {
    await this.writer?.settled();
    await this.handle.close().catch(() => undefined);
    // Only the file this export created: if the name now holds something else, it is not ours to remove.
    const now = await lstat(this.path).catch(() => undefined);
    if (now && now.ino === this.created.ino && now.dev === this.created.dev)
      await rm(this.path, { force: true });
  }
}

/** A Writable over a file descriptor that destroying does not close (the TempFile owns it). */
class DescriptorWriter extends Writable {
  private position = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly handle: FileHandle) {
    // Rows arrive one small chunk at a time: a larger buffer, and the chunks queued meanwhile written
    // together (_writev), keep it to a few writes per page instead of one per row.
    super({ highWaterMark: 256 * 1024 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    void this.writeAll(chunk).then(() => done(), done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    void this.writeAll(Buffer.concat(chunks.map(({ chunk }) => chunk))).then(() => done(), done);
  }

  /** Settles when every write handed to the descriptor has landed (or failed). */
  settled(): Promise<void> {
    return this.pending.catch(() => undefined);
  }

  private writeAll(chunk: Buffer): Promise<void> {
    this.pending = this.writeAt(chunk);
    return this.pending;
  }

  private async writeAt(chunk: Buffer): Promise<void> {
    for (let offset = 0; offset < chunk.length;) {
      const { bytesWritten } = await this.handle.write(chunk, offset, chunk.length - offset, this.position);
      offset += bytesWritten;
      this.position += bytesWritten;
    }
  }
}

/**
 * Removes the temporary files of exports that were interrupted (the process that wrote them is
 * gone: a crash, a kill) from `folder`; returns their names. Files of running exports, of another
 * machine (a shared or network folder: its pids are not this machine's to judge), and anything not
 * named by this app, are left alone.
 */
export async function removeLeftovers(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    const pid = Number(match?.[2] ?? NaN);
    const host = match?.[1];
    if (Number.isNaN(pid) || (host !== undefined && host !== HOST_TAG) || isAlive(pid)) continue;
    await rm(join(folder, name), { force: true });
    removed.push(name);
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that pid: alive, and not ours to judge.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
