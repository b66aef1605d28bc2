import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { z } from 'zod';

/**
 * Which process left a file (a lock, a heartbeat): files other processes leave are judged by
 * whether their owner still runs, never by their clock (docs/architecture.md, "Files shared between
 * processes"), since a modification time can be in the future or wrong. A process is named by its
 * pid, its host, and where the system tells it (Linux's /proc) the boot and the time it started,
 * so a pid reused by another process after a crash or a reboot is not taken for the owner.
 */
export const processOwnerSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  /** The boot and the start time of the process, when the system tells them. */
  started: z.string().optional(),
});
export type ProcessOwner = z.infer<typeof processOwnerSchema>;

const PROC = '/proc';

/** When process `pid` started in this boot (Linux), or undefined where the system does not tell. */
function startOf(pid: number): string | undefined {
  try {
    const boot = readFileSync(`${PROC}/sys/kernel/random/boot_id`, 'utf8').trim();
    const stat = readFileSync(`${PROC}/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3,
    // starttime (clock ticks after boot) is field 22 (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[22 - 3];
    return ticks ? `${boot}:${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

let self: ProcessOwner | undefined;

/** This process, as the files it leaves name it. */
export function thisProcess(): ProcessOwner {
  self ??= { pid: process.pid, host: hostname(), started: startOf(process.pid) };
  return self;
}

/**
 * Whether `owner` still runs: false when its pid is gone or now belongs to a process started at
 * another time; undefined when this machine cannot tell (it ran on another host).
 */
export function stillRunning(owner: ProcessOwner): boolean | undefined {
  if (owner.host !== thisProcess().host) return undefined;
  if (owner.pid === process.pid) return owner.started === thisProcess().started;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startOf(owner.pid);
  return owner.started === undefined || started === undefined || started === owner.started;
}

/** The owner a file's text names, or undefined when it names none (debris, or not ours). */
export function ownerIn(text: string): ProcessOwner | undefined {
  try {
    const parsed = processOwnerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
