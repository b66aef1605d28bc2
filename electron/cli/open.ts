import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { defaultDataDir } from '../core/app-paths.js';
import { provesHost, runningHosts, type RunningHost } from '../core/store/running-hosts.js';
import { linkOf, parseLink } from '../shared/links.js';
import { ADDRESS_PATH, PROOF_PATH, SESSION_HEADER } from '../shared/contract/wire.js';
import { UsageError } from './args.js';
import type { CliIo } from './io.js';

export const OPEN_HELP = `Usage: cdb open LINK

Checks a cdb:// link (a customer or a list, on a connection named as in the app) and prints an
address of the running browser host that opens it, in a new tab or in the tab that shows the app.
The host is the one running on the app's data folder (CDB_DATA_DIR), or the only one running. The
desktop app opens cdb:// links itself, from the system.
`;

/** How long the host has to answer: it is on this machine. */
const ASK_TIMEOUT_MS = 5_000;

/**
 * `cdb open LINK`: the link checked by the app's own parser, then a one-time address of the running
 * browser host (asked of it: each address opens one tab) that opens the link: the host keeps the
 * link with the address's key, so a filter's values never appear in the address.
 */
export async function openCommand(argv: string[], io: CliIo): Promise<number> {
  const [link, ...extra] = argv;
  if (link === '--help' || link === '-h') {
    io.stdout.write(OPEN_HELP);
    return 0;
  }
  // A link is never a switch (docs/decisions/0010-links.md): anything that looks like one is refused.
  if (link === undefined || link.startsWith('-') || extra.length)
    throw new UsageError('usage: cdb open LINK');
  const parsed = parseLink(link);
  if (!parsed.ok) throw new UsageError(`open: this link cannot be opened: ${parsed.problem}`);
  const host = chosenHost(
    await runningHosts(),
    resolve(defaultDataDir()),
    process.env.CDB_DATA_DIR !== undefined,
  );
  // The link goes to the host, kept with the address's one-time key: never in the address printed.
  io.stdout.write(`${await newAddress(host, linkOf(parsed.link))}\n`);
  return 0;
}

/** The host running on `dataDir`, else the only one running when no folder was named; else why none. */
function chosenHost(hosts: RunningHost[], dataDir: string, folderNamed: boolean): RunningHost {
  const onFolder = hosts.find((host) => host.dataDir === dataDir);
  if (onFolder) return onFolder;
  const [only] = hosts;
  if (only && hosts.length === 1 && !folderNamed) return only;
  if (!hosts.length)
    throw new Error('no browser host is running: start it ("npm run host"), then run this again');
  throw new Error(
    `no browser host runs on the data folder ${dataDir}; ${hosts.length === 1 ? 'one runs' : 'those running run'} on ${hosts
      .map((host) => host.dataDir)
      .join(', ')}: set CDB_DATA_DIR to the one to use`,
  );
}

/** A new one-time address of `host` that opens `link`, asked of it with the credential it left for this user. */
async function newAddress(host: RunningHost, link: string): Promise<string> {
  const origin = `http://127.0.0.1:${host.port}`;
  const silent = () =>
    new Error(
      `the browser host of ${host.dataDir} does not answer on ${origin}: start it again ("npm run host")`,
    );
  let url: unknown;
  try {
    // The listener proves it is this file's host before it is given the file's credential: a host
    // gone and its port taken by another program is not told it, nor printed as the app.
    const nonce = randomBytes(32).toString('base64url');
    const proved = await fetch(`${origin}${PROOF_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nonce }),
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });
    const { proof } = proved.ok ? ((await proved.json()) as { proof?: unknown }) : { proof: undefined };
    if (!provesHost(host.proofKey, nonce, proof)) {
      throw new Error(
        `what answers on ${origin} is not the browser host of ${host.dataDir} (it cannot prove it): start the host again ("npm run host")`,
      );
    }
    const answer = await fetch(`${origin}${ADDRESS_PATH}`, {
      method: 'POST',
      headers: { [SESSION_HEADER]: host.session, 'content-type': 'application/json' },
      body: JSON.stringify({ link }),
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });
    url = answer.ok ? ((await answer.json()) as { url?: unknown }).url : undefined;
  } catch (error) {
    throw error instanceof Error && error.message.startsWith('what answers') ? error : silent();
  }
  // Only an address of that very host is printed.
  if (typeof url !== 'string' || !url.startsWith(`${origin}/#session=`)) throw silent();
  return url;
}
