import { dataFiles, defaultDataDir } from '../core/app-paths.js';
import { lastPort } from '../core/store/host-port.js';
import { linkOf, parseLink } from '../shared/links.js';
import { UsageError } from './args.js';
import type { CliIo } from './io.js';

export const OPEN_HELP = `Usage: cdb open LINK

Checks a cdb:// link (a customer or a list, on a connection named as in the app) and prints the
browser host's address that opens it: open that address in the tab that shows the app, which then
opens the link. The host is the one that ran last on the app's data folder (CDB_DATA_DIR). The
desktop app opens cdb:// links itself, from the system.
`;

/** `cdb open LINK`: the link checked by the app's own parser, and the browser host's address that opens it. */
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
  const port = await lastPort(dataFiles(defaultDataDir()).hostPort);
  if (port === undefined)
    throw new Error(
      'no browser host has run on the app\'s data folder: start it ("npm run host"), then run this again',
    );
  io.stdout.write(`http://127.0.0.1:${port}/#link=${encodeURIComponent(linkOf(parsed.link))}\n`);
  return 0;
}
