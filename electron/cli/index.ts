import { printable } from '../core/printable.js';
import { redact } from '../core/redact.js';
import { UsageError } from './args.js';
import type { CliIo } from './io.js';
import { exportCommand } from './export-command.js';
import { openCommand } from './open.js';
import { profileCommand } from './profile-command.js';
import { serveDemo } from './serve-demo.js';
import { viewsCommand } from './views.js';

const HELP = `Usage: cdb <command> [options]

Scripts the Customer Data Browser's engine.

Commands:
  export        export one view of the API to a CSV, JSON Lines or XLSX file
  open          check a cdb:// link and print the browser host's address that opens it
  profile       add, list or remove saved connection profiles
  serve-demo    run the Demo API on 127.0.0.1 until interrupted
  views         list the views saved in the app for a profile

Run "cdb <command> --help" for a command's options.
`;

const COMMANDS: Record<string, (argv: string[], io: CliIo) => Promise<number>> = {
  export: exportCommand,
  open: openCommand,
  profile: profileCommand,
  'serve-demo': serveDemo,
  views: viewsCommand,
};

/** Runs one `cdb` command and returns its exit code: 0 done, 1 failed, 2 called wrongly. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout.write(HELP);
    return command === undefined ? 2 : 0;
  }
  // Own keys only: "constructor" or "toString" is not a command.
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  try {
    if (!run) throw new UsageError(`unknown command "${command}" (run "cdb --help" for the list)`);
    return await run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`cdb: ${printable(error.message)}\n`);
      return 2;
    }
    // stderr leaves core: no secret or token this run handled may appear in it (redact.ts).
    io.stderr.write(`cdb ${command}: ${printable(redact((error as Error).message))}\n`);
    return 1;
  }
}
