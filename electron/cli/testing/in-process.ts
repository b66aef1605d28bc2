import { runCli } from '../index.js';

/** Runs `cdb argv…` in this process, with its output captured (the unit tests' cdb). */
export async function cdbInProcess(
  argv: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}
