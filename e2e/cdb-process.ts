import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A `cdb` command running as its own process, as an administrator would start it. */
export interface CdbProcess {
  child: ChildProcessWithoutNullStreams;
  /** The first line it printed on stdout. */
  firstLine: string;
  stderr: () => string;
}

/** Starts `node bin/cdb.mjs <args>` and waits for its first stdout line. */
export async function startCdb(args: string[]): Promise<CdbProcess> {
  const child = spawn(process.execPath, ['bin/cdb.mjs', ...args], { stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const [firstLine] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`cdb ${args.join(' ')} exited with ${String(code)} before printing: ${stderr}`);
    }),
  ])) as [string];
  return { child, firstLine, stderr: () => stderr };
}

/** Runs `cdb <args>` to completion, with `env` added to this process's environment and `input` piped to it. */
export async function runCdb(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['bin/cdb.mjs', ...args], {
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
  child.stdin.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
