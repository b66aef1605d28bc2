import { createHmac, timingSafeEqual } from 'node:crypto';
import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PRIVATE_FOLDER, writeDataFile } from './data-file.js';
import { processOwnerSchema, stillRunning, thisProcess } from './process-owner.js';
import { readSmallFile } from './small-file.js';

/**
 * The browser hosts running for this user, so `cdb open` finds the one to ask (docs/architecture.md,
 * "Links"): each host, while it runs, leaves a file in a folder of the user's own — its process, its
 * port, its data folder and a session credential to ask it for a one-time address. A file whose
 * owner no longer runs is judged by that, not by its clock, and removed.
 */
const runningHostSchema = z
  .object({
    owner: processOwnerSchema,
    port: z.number().int().min(1).max(65_535),
    dataDir: z.string().min(1).max(4_096),
    /** Lets a process of this user ask the host for a new one-time address (POST /session/address), which opens a session. */
    session: z.string().min(16).max(200),
    /** What the host signs a nonce with (POST /session/proof) to prove it is this file's host. */
    proofKey: z.string().min(16).max(200),
  })
  .strict();
export type RunningHost = z.infer<typeof runningHostSchema>;

/**
 * The user's own folder for them: the session's runtime folder (XDG_RUNTIME_DIR, the user's alone),
 * else one under the user's home. Never a fixed name in the shared temporary folder: another user
 * could make it first, and keep every browser host of this user from saying where it runs. A folder
 * that is not this user's, or that others may read, is refused: a credential is never left where
 * another user can read it.
 */
export async function runningHostsDir(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const uid = process.getuid?.() ?? 0;
  const folder = env.XDG_RUNTIME_DIR
    ? join(env.XDG_RUNTIME_DIR, 'cdb-hosts')
    : join(env.HOME || homedir(), '.local', 'state', 'cdb-hosts');
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
  const stat = await lstat(folder);
  if (!stat.isDirectory() || (process.getuid && stat.uid !== uid) || (stat.mode & 0o077) !== 0)
    throw new Error(`${folder} is not a folder of this user's alone: remove it and start again`);
  return folder;
}

/** Says this host runs (until `forget` is called, or the process ends). */
export async function registerHost(
  host: Omit<RunningHost, 'owner'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ forget: () => Promise<void> }> {
  const folder = await runningHostsDir(env);
  const path = join(folder, `${process.pid}.json`);
  const entry: RunningHost = { owner: thisProcess(), ...host, dataDir: resolve(host.dataDir) };
  await writeDataFile(path, `${JSON.stringify(entry)}\n`);
  return { forget: () => rm(path, { force: true }) };
}

/** The hosts that run now; the files of those that ended (a crash, a kill) are removed. */
export async function runningHosts(env: NodeJS.ProcessEnv = process.env): Promise<RunningHost[]> {
  const folder = await runningHostsDir(env);
  const hosts: RunningHost[] = [];
  for (const name of await readdir(folder)) {
    if (!/^\d+\.json$/.test(name)) continue;
    const path = join(folder, name);
    const text = await readSmallFile(path);
    let parsed;
    try {
      parsed = text === undefined ? undefined : runningHostSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) continue;
    const running = stillRunning(parsed.data.owner);
    if (running === false) await rm(path, { force: true });
    else hosts.push(parsed.data);
  }
  return hosts;
}

/** The proof of `nonce` by the host that holds `proofKey` (HMAC-SHA256, base64url). */
export function hostProof(proofKey: string, nonce: string): string {
  return createHmac('sha256', proofKey).update(nonce).digest('base64url');
}

/** Whether `proof` is the proof of `nonce` by `proofKey`, compared in constant time. */
export function provesHost(proofKey: string, nonce: string, proof: unknown): boolean {
  if (typeof proof !== 'string') return false;
  const expected = Buffer.from(hostProof(proofKey, nonce));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
