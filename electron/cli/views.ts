import { printable } from '../core/printable.js';
import type { ConnectionProfile } from '../core/api/connect.js';
import { dataFiles } from '../core/app-paths.js';
import { readSettingsFile } from '../core/store/settings-store.js';
import type { SavedView } from '../shared/saved-view.js';
import { parseFlags, UsageError } from './args.js';
import { savedProfile } from './export-flags.js';
import type { CliIo } from './io.js';
import { openServices, type CliServices } from './services.js';

export const VIEWS_HELP = `Usage: cdb views list --profile NAME

Lists the views saved in the app ("Save view…") for a saved connection profile: each one's name,
then its list, customer, sort, filter conditions and columns. Export one with
"cdb export --profile NAME --view VIEW --out PATH".
`;

/** `cdb views`. */
export async function viewsCommand(argv: string[], io: CliIo): Promise<number> {
  const [subcommand, ...rest] = argv;
  const flags = parseFlags(rest, { profile: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (subcommand === '--help' || subcommand === '-h' || flags.help) {
    io.stdout.write(VIEWS_HELP);
    return 0;
  }
  if (subcommand !== 'list')
    throw new UsageError(`views: unknown subcommand "${subcommand ?? ''}" (use list)`);
  if (flags.profile === undefined) throw new UsageError('views list: --profile NAME is required');
  const services = await openServices(io);
  const profile = await savedProfile(services, flags.profile);
  const views = await savedViewsOf(services, profile, io);
  if (!views.length) io.stderr.write(`cdb views: no view is saved for profile "${profile.name}"\n`);
  // Names and column keys come from the settings file and the API's records: printed inert.
  for (const view of views) io.stdout.write(`${printable(view.name)}\t${describe(view)}\n`);
  return 0;
}

/** The view saved under `name` for the profile, for `cdb export --view`; a UsageError listing the others. */
export async function savedViewNamed(
  services: CliServices,
  profile: { name: string; connection: ConnectionProfile },
  name: string,
  io: CliIo,
): Promise<SavedView> {
  const views = await savedViewsOf(services, profile, io);
  const view = views.find((candidate) => candidate.name === name);
  if (view) return view;
  const names = views.map((candidate) => `"${candidate.name}"`).join(', ');
  throw new UsageError(
    `--view: no view called "${name}" is saved for profile "${profile.name}"${names ? ` (saved: ${names})` : ' (none saved yet: "Save view…" in the app)'}`,
  );
}

/** The profile's saved views, as the settings file holds them; a damaged one is said on stderr and left out. */
async function savedViewsOf(
  services: CliServices,
  profile: { connection: ConnectionProfile },
  io: CliIo,
): Promise<SavedView[]> {
  const { settings, problem } = await readSettingsFile(dataFiles(services.dataDir).settings);
  if (problem) io.stderr.write(`cdb: warning: the app's settings: ${problem}\n`);
  return settings.views?.[profile.connection.id] ?? [];
}

/** A saved view in one line: its list, customer, sort, filter conditions and columns. */
/** A view in a line's tab-separated words, each printed inert (its keys come from the API's records). */
function describe(view: SavedView): string {
  return [
    view.customerId === undefined ? view.resource : `${view.resource} of customer ${view.customerId}`,
    view.sort === undefined ? "the API's order" : `sorted by ${view.sort}`,
    `${view.filter.length} filter condition(s)`,
    `columns ${view.columns.join(',')}`,
  ]
    .map(printable)
    .join('\t');
}
