import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * The file an export writes into: a hidden temporary file next to the target (same folder, so the
 * final rename is atomic), readable by the user only. The target appears only when the export is
 * complete; a failed or cancelled export leaves nothing there.
 */
export class TempFile {
  private constructor(
    readonly path: string,
    readonly target: string,
  ) {}

  /** Creates the temporary file now, so an unwritable folder fails before any data is fetched. */
  static async beside(target: string): Promise<TempFile> {
    const path = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
    const handle = await open(path, 'wx', 0o600);
    await handle.close();
    return new TempFile(path, target);
  }

  /** Moves the finished file to the target, replacing what was there only now. */
  commit(): Promise<void> {
    return rename(this.path, this.target);
  }

  discard(): Promise<void> {
    return rm(this.path, { force: true });
  }
}
