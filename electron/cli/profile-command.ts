import { printable } from '../core/printable.js';
import { audienceOf } from '../shared/profile.js';
import { dataFiles } from '../core/app-paths.js';
import { MarkedCustomerStore } from '../core/store/marks-store.js';
import { forgetSavedViews } from '../core/service/views-handlers.js';
import { DeskStore } from '../core/store/desks.js';
import { SettingsStore } from '../core/store/settings-store.js';
import { credentialsId, credentialsOf } from '../core/credentials.js';
import { ProfileError } from '../core/store/profiles.js';
import { treatAsSecret } from '../core/redact.js';
import { integerFlag, parseFlags, UsageError } from './args.js';
import { caFileOf } from './ca-file.js';
import type { CliIo } from './io.js';
import { readSecret } from './secret-input.js';
import { openServices } from './services.js';
import { forgetKeptLists } from '../core/search/lists/kept-files.js';

export const PROFILE_HELP = `Usage: cdb profile add|list|remove

Manages the connection profiles the app and cdb share (the secret goes to the system keychain).

  cdb profile add --name NAME --base-url URL --auth-url URL --client-id ID [options]
      Saves a profile. The client secret is read from standard input when it is piped
      (printf %s "$SECRET" | cdb profile add ...), else asked for without echo.
      Options: --audience A (default: the base URL), --api-prefix /v1, --schema-path /v1/schemas,
               --rate N (requests a second, default 20), --burst N (default 35),
               --ca-file FILE (a company's root certificate, PEM, kept with the profile and
               trusted for this API and its token endpoint only, beside the system's)
  cdb profile list
      Lists the profiles and whether each has a saved secret.
  cdb profile remove NAME
      Removes a profile, its secret and its cached token.
`;

/** Flag names of the profile fields, so validation errors name what the user typed. */
const FLAGS: Record<string, string> = {
  name: '--name',
  baseUrl: '--base-url',
  authUrl: '--auth-url',
  audience: '--audience',
  clientId: '--client-id',
  apiPrefix: '--api-prefix',
  schemaPath: '--schema-path',
  requestsPerSecond: '--rate',
  burst: '--burst',
  caCertificates: '--ca-file',
};

/** `cdb profile …`. */
export async function profileCommand(
  argv: string[],
  io: CliIo,
  stdin: NodeJS.ReadStream = process.stdin,
): Promise<number> {
  const [action, ...rest] = argv;
  switch (action) {
    case 'add':
      return addProfile(rest, io, stdin);
    case 'list':
      return listProfiles(rest, io);
    case 'remove':
      return removeProfile(rest, io);
    case undefined:
    case '-h':
    case '--help':
      io.stdout.write(PROFILE_HELP);
      return action === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown profile action "${action}" (add, list or remove)`);
  }
}

async function addProfile(argv: string[], io: CliIo, stdin: NodeJS.ReadStream): Promise<number> {
  const flags = parseFlags(argv, {
    name: { type: 'string' },
    'base-url': { type: 'string' },
    'auth-url': { type: 'string' },
    audience: { type: 'string' },
    'client-id': { type: 'string' },
    'api-prefix': { type: 'string' },
    'schema-path': { type: 'string' },
    rate: { type: 'string' },
    burst: { type: 'string' },
    'ca-file': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (flags.help) {
    io.stdout.write(PROFILE_HELP);
    return 0;
  }
  const input = {
    caCertificates: flags['ca-file'] === undefined ? undefined : await caFileOf(flags['ca-file']),
    name: flags.name,
    baseUrl: flags['base-url'],
    authUrl: flags['auth-url'],
    audience: flags.audience,
    clientId: flags['client-id'],
    apiPrefix: flags['api-prefix'],
    schemaPath: flags['schema-path'],
    requestsPerSecond: integerFlag(flags.rate, 'rate', 1, 1_000),
    burst: integerFlag(flags.burst, 'burst', 1, 1_000),
  };
  const services = await openServices(io);
  const store = await services.profiles();
  const secret = await readSecret(stdin, io.stderr);
  if (!secret) throw new UsageError('the client secret is empty');
  treatAsSecret(secret);
  let profile;
  try {
    profile = await store.create(
      Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
    );
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(withFlagNames(error.message));
    throw error;
  }
  await services.vault.setSecret(profile.id, secret);
  const kept = services.vault.unavailable
    ? 'its secret is kept for this run only: pass it with CDB_CLIENT_SECRET'
    : 'its secret is in the system keychain';
  io.stderr.write(`cdb profile: "${profile.name}" saved (${kept})\n`);
  return 0;
}

async function listProfiles(argv: string[], io: CliIo): Promise<number> {
  parseFlags(argv, {});
  const services = await openServices(io);
  const profiles = await (await services.profiles()).list();
  if (!profiles.length) {
    io.stderr.write('cdb profile: no profiles yet (cdb profile add --help)\n');
    return 0;
  }
  const rows = [['NAME', 'BASE URL', 'AUTH URL', 'AUDIENCE', 'CLIENT ID', 'SECRET', 'COMPANY ROOT']];
  for (const profile of profiles) {
    const saved = (await services.vault.getSecret(profile.id)) !== undefined;
    // What the settings file says is printed inert (printable.ts).
    rows.push(
      [
        profile.name,
        profile.baseUrl,
        profile.authUrl,
        audienceOf(profile),
        profile.clientId,
        saved ? 'saved' : 'missing',
        profile.caCertificates ? 'kept' : '',
      ].map(printable),
    );
  }
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows)
    io.stdout.write(
      `${row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd()}\n`,
    );
  return 0;
}

async function removeProfile(argv: string[], io: CliIo): Promise<number> {
  const [name, ...extra] = argv;
  if (!name || name.startsWith('-') || extra.length) throw new UsageError('usage: cdb profile remove NAME');
  const services = await openServices(io);
  const store = await services.profiles();
  const profile = await store.findByName(name);
  if (!profile) throw new UsageError(`no profile called "${name}"`);
  await store.remove(profile.id);
  await services.vault.deleteSecret(profile.id);
  const settings = await SettingsStore.open(dataFiles(services.dataDir).settings);
  if (settings.damaged) {
    const { reason, movedTo } = settings.damaged;
    io.stderr.write(`cdb: warning: the app's settings: ${reason}; the file was kept as ${movedTo}\n`);
  }
  await forgetSavedViews(settings.store, profile.id);
  await new DeskStore(dataFiles(services.dataDir).desks).forgetConnection(profile.id);
  await new MarkedCustomerStore(dataFiles(services.dataDir).markedCustomers, undefined).forgetConnection(
    profile.id,
  );
  await forgetKeptLists(dataFiles(services.dataDir).heldLists, profile.id);
  const credentials = credentialsOf(profile);
  if (!(await store.othersUse(credentials, profile.id)))
    await services.vault.deleteToken(credentialsId(credentials));
  io.stderr.write(
    `cdb profile: "${profile.name}" removed, with its secret, token, saved views, the lists kept for its search and the places its windows were left at\n`,
  );
  return 0;
}

/** A profile validation message with the field names replaced by the flags that set them. */
function withFlagNames(message: string): string {
  return message.replace(/(^|; )([A-Za-z]+):/g, (whole, start: string, field: string) =>
    FLAGS[field] ? `${start}${FLAGS[field]}` : whole,
  );
}
