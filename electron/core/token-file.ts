import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { withFileLock } from './file-lock.js';

const fileSchema = z.object({ version: z.literal(1), tokens: z.record(z.string(), z.string()) });

/**
 * Access tokens (never client secrets) in a file readable by the user only, for machines with no
 * keychain (headless servers, cron) whose owner opted in (`CDB_TOKEN_CACHE=file`): without it every
 * run there spends one of the day's 15 tokens. The risk, said in the README: anyone who can read
 * the file as the user can call the API until the token expires (at most 10 h).
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
      await writeFileAtomic(this.path, `${JSON.stringify(file)}\n`, { mode: 0o600 });
    });
  }

  /** The file's tokens; a missing or damaged file holds none (a token can always be asked for again). */
  private async read(): Promise<z.infer<typeof fileSchema>> {
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(this.path, 'utf8')));
      if (parsed.success) return parsed.data;
    } catch {
      // Missing or not JSON: no cached token.
    }
    return { version: 1, tokens: {} };
  }
}
