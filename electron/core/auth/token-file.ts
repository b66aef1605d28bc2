import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { withFileLock } from '../store/file-lock.js';
import { parseJson } from '../store/json-file.js';
import { UNTRUSTED_OPEN } from '../store/small-file.js';

/** A token file holds a few tokens per credentials: one larger than this is not one. */
const TOKEN_FILE_MAX_BYTES = 1024 * 1024;

const fileSchema = z.object({ version: z.literal(1), tokens: z.record(z.string(), z.string()) });
type TokenFileContent = z.infer<typeof fileSchema>;

/** The token file is not one this app may use: a link, another user's, or readable by others. */
export class TokenFileError extends Error {
  override readonly name = 'TokenFileError';
}

/**
 * Access tokens (never client secrets) in a file readable by the user only, for machines with no
 * keychain (headless servers, cron) whose owner opted in (`CDB_TOKEN_CACHE=file`): without it every
 * run there spends one of the day's 15 tokens. The risk, said in the README: anyone who can read
 * the file as the user can call the API until the token expires (at most 10 h). So the file is
 * opened without following links, and refused unless it is the user's own and nobody else may read
 * or write it; it is replaced by a new file created the same way, never written through a link.
 */
export class TokenFile {
  constructor(readonly path: string) {}

  async get(account: string): Promise<string | undefined> {
    return (await this.read()).tokens[account];
  }

  set(account: string, value: string): Promise<void> {
    return this.change((tokens) => (tokens[account] = value));
  }

  delete(account: string): Promise<void> {
    return this.change((tokens) => delete tokens[account]);
  }

  private change(apply: (tokens: Record<string, string>) => unknown): Promise<void> {
    return withFileLock(this.path, async () => {
      const file = await this.read();
      apply(file.tokens);
      await this.replace(`${JSON.stringify(file)}\n`);
    });
  }

  /** The file's tokens; a missing or damaged file holds none (a token can always be asked for again). */
  private async read(): Promise<TokenFileContent> {
    const none: TokenFileContent = { version: 1, tokens: {} };
    let handle;
    try {
      handle = await open(this.path, UNTRUSTED_OPEN);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return none;
      if (code === 'ELOOP') throw this.refused('is a symbolic link');
      throw error;
    }
    try {
      const stat = await handle.stat();
      // A FIFO or a device at its name would be read forever (or block the pool's threads).
      if (!stat.isFile()) throw this.refused('is not a regular file');
      if (stat.size > TOKEN_FILE_MAX_BYTES)
        throw this.refused(`is larger than ${TOKEN_FILE_MAX_BYTES / 1024} KiB`);
      this.checkPrivate(stat);
      // A damaged token file is not kept aside: a copy of a token is one more place a secret lies.
      const read = parseJson(await handle.readFile('utf8'));
      const parsed = 'json' in read ? fileSchema.safeParse(read.json) : undefined;
      return parsed?.success ? parsed.data : none;
    } catch (error) {
      if (error instanceof TokenFileError) throw error;
      return none;
    } finally {
      await handle.close();
    }
  }

  /** Writes `text` as the file: a new private file beside it, created exclusively without following links, renamed over it. */
  private async replace(text: string): Promise<void> {
    const existing = await lstat(this.path).catch(() => undefined);
    if (existing?.isSymbolicLink()) throw this.refused('is a symbolic link');
    const temporary = join(dirname(this.path), `.${basename(this.path)}.${randomBytes(6).toString('hex')}`);
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
    const handle = await open(temporary, flags, 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, this.path).catch(async (error: unknown) => {
      await rm(temporary, { force: true });
      throw error;
    });
  }

  /** Refuses a file another user owns, or that others may read or write (POSIX; Windows has no such modes). */
  private checkPrivate(stat: { uid: number; mode: number }): void {
    if (process.platform === 'win32') return;
    if (stat.uid !== process.getuid?.()) throw this.refused('belongs to another user');
    if (stat.mode & 0o077) {
      throw this.refused(
        `may be read or written by other users (mode ${(stat.mode & 0o777).toString(8)}); make it private with chmod 600`,
      );
    }
  }

  private refused(why: string): TokenFileError {
    return new TokenFileError(
      `the token file ${this.path} ${why}: it is not used (remove it, and a new one is made)`,
    );
  }
}
