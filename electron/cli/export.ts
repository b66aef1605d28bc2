import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  isResource,
  isSortableField,
  LANGUAGES,
  PAGE_SIZE_MAX,
  RESOURCES,
  SORTABLE_FIELDS,
  type Language,
} from '../shared/api-rules.js';
import { EXPORT_FORMATS, type ExportView } from '../shared/export.js';
import { profileInputSchema } from '../shared/profile.js';
import { scopeProblem } from '../shared/view.js';
import { connect, type ConnectionProfile } from '../core/connection.js';
import { ApiError, isAbort } from '../core/errors.js';
import { CUT_MARKER } from '../core/export/cells.js';
import { runExport } from '../core/export/export.js';
import { removeLeftovers } from '../core/export/temp-file.js';
import { integerFlag, parseFlags, UsageError } from './args.js';
import type { CliIo } from './io.js';
import { progressReporter } from './progress.js';
import { grantNotice, openServices, type CliServices } from './services.js';
import { parseWhere } from './where.js';

export const EXPORT_HELP = `Usage: cdb export [connection] --resource NAME --out PATH [options]

Exports one view of the API to a file: the same engine as the app's Export, streamed, through the
shared rate limiter. The file appears at PATH only when it is complete.

Connection (one of):
  --profile NAME           a profile saved with "cdb profile add" (secret from the keychain)
  --base-url URL --auth-url URL --client-id ID [--audience A]
                           the secret from the environment variable CDB_CLIENT_SECRET

View:
  --resource NAME          customers, contacts or agreements
  --customer ID            only this customer's contacts or agreements
  --sort FIELD.asc|desc    a sortable field: ${Object.entries(SORTABLE_FIELDS)
    .map(([resource, fields]) => `${resource}: ${fields.join(', ')}`)
    .join('; ')}
  --lang en|fr             language of the header labels and translated values (default en)
  --columns KEY,KEY,...    the columns, in order (default: every field)
  --where 'FIELD OP VALUE' keep matching rows; OP: = != ~ (contains) < <= > >=, or
                           'FIELD empty' / 'FIELD notempty'; repeat to combine (AND)

File:
  --out PATH               the file to write
  --format csv|jsonl|xlsx  (default csv)
  --delimiter ,|;          CSV column separator (default ,; French Excel wants ;)
  --bom                    start the CSV with a byte order mark (Excel reads accents right)
  --decimal-comma          CSV numbers with a decimal comma (French Excel; use with --delimiter ';')
  --size 1-${PAGE_SIZE_MAX}             rows per API page (default ${PAGE_SIZE_MAX})
  -h, --help               show this help

Exit status: 0 when the whole file is at PATH; 1 when the export failed (the reason on one line,
nothing at PATH); 2 for a mistake in the command; 130 when interrupted (nothing at PATH).
`;

/** Flag names of the profile fields, so validation errors name what the user typed. */
const FLAG_OF: Record<string, string> = {
  baseUrl: '--base-url',
  authUrl: '--auth-url',
  audience: '--audience',
  clientId: '--client-id',
};

/** `cdb export`. */
export async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const flags = parseFlags(argv, {
    profile: { type: 'string' },
    'base-url': { type: 'string' },
    'auth-url': { type: 'string' },
    audience: { type: 'string' },
    'client-id': { type: 'string' },
    resource: { type: 'string' },
    customer: { type: 'string' },
    sort: { type: 'string' },
    lang: { type: 'string' },
    size: { type: 'string' },
    format: { type: 'string' },
    columns: { type: 'string' },
    delimiter: { type: 'string' },
    bom: { type: 'boolean' },
    'decimal-comma': { type: 'boolean' },
    where: { type: 'string', multiple: true },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (flags.help) {
    io.stdout.write(EXPORT_HELP);
    return 0;
  }
  const view = viewFrom(flags);
  const format = oneOf(flags.format ?? 'csv', EXPORT_FORMATS, '--format');
  const delimiter = oneOf(flags.delimiter ?? ',', [',', ';'] as const, '--delimiter');
  if (!flags.out) throw new UsageError('--out PATH is required');
  await checkFolderOf(flags.out);
  const usesFlags = ['base-url', 'auth-url', 'client-id', 'audience'].filter(
    (name) => flags[name as keyof typeof flags] !== undefined,
  );
  if (flags.profile !== undefined && usesFlags.length) {
    throw new UsageError(`--profile cannot be combined with --${usesFlags.join(', --')}`);
  }

  const secretFromEnv = process.env.CDB_CLIENT_SECRET || undefined;
  const flagProfile = flags.profile === undefined ? profileFromFlags(flags) : undefined;
  if (flagProfile && !secretFromEnv) {
    throw new UsageError(
      'set the client secret in the environment variable CDB_CLIENT_SECRET (never on the command line)',
    );
  }
  const services = await openServices(io);
  const profile = flagProfile ?? (await savedProfile(services, flags.profile ?? ''));
  const profileId = profile.connection.id;
  const connection = connect(profile.connection, {
    tokens: services.tokens,
    limiters: services.limiters,
    readSecret: secretFromEnv
      ? () => Promise.resolve(secretFromEnv)
      : () => services.vault.getSecret(profileId),
  });
  const stopNotices = connection.tokens.onGrant((usage) =>
    io.stderr.write(grantNotice(usage, services.vault.tokensKept)),
  );

  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const leftovers = await removeLeftovers(dirname(resolve(flags.out)));
  if (leftovers.length) {
    io.stderr.write(
      `cdb export: removed ${leftovers.length} temporary file(s) left by interrupted exports: ${leftovers.join(', ')}\n`,
    );
  }
  const progress = progressReporter(io.stderr);
  try {
    const result = await runExport(
      connection.client,
      {
        profile: profile.name,
        view,
        options: {
          format,
          delimiter,
          bom: flags.bom ?? false,
          decimalComma: flags['decimal-comma'] ?? false,
          pageSize: integerFlag(flags.size, 'size', 1, PAGE_SIZE_MAX),
        },
        target: flags.out,
      },
      {
        signal: controller.signal,
        onProgress: (update) => progress.update(update),
        auditLog: services.auditLog,
      },
    );
    progress.end();
    io.stderr.write(
      `cdb export: ${result.rows.toLocaleString('en')} rows written to ${result.path} in ${result.seconds.toFixed(1)} s\n`,
    );
    if (result.cutCells) {
      io.stderr.write(
        `cdb export: ${result.cutCells.toLocaleString('en')} cells were longer than Excel's 32,767 characters: cut, ending with "${CUT_MARKER.trim()}"\n`,
      );
    }
    return 0;
  } catch (error) {
    progress.end();
    if (isAbort(error)) {
      io.stderr.write(`cdb export: interrupted; nothing was written to ${flags.out}\n`);
      return 130;
    }
    if (error instanceof ApiError && error.code === 'missing-secret') {
      const why = services.vault.unavailable ? ' (no system keychain)' : '';
      throw new Error(
        `no client secret for profile "${profile.name}"${why}: set CDB_CLIENT_SECRET, or save it again with cdb profile add`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    stopNotices();
    connection.limiter.close();
    services.tokens.closeAll();
  }
}

/** Refuses, before any token is spent, an --out whose folder is not there. */
async function checkFolderOf(out: string): Promise<void> {
  const folder = dirname(out);
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new UsageError(
      `--out: the folder "${folder}" ${info ? 'is not a folder' : 'does not exist'}; create it first, or choose another path`,
    );
  }
}

type ExportFlags = Partial<Record<'resource' | 'customer' | 'sort' | 'lang' | 'columns', string>> & {
  where?: string[];
};

function viewFrom(flags: ExportFlags): ExportView {
  const resource = flags.resource;
  if (resource === undefined) throw new UsageError(`--resource is required (${RESOURCES.join(', ')})`);
  if (!isResource(resource))
    throw new UsageError(`--resource must be one of ${RESOURCES.join(', ')}, got "${resource}"`);
  if (flags.customer !== undefined && resource === 'customers') {
    throw new UsageError('--customer goes with --resource contacts or agreements');
  }
  const scope = scopeProblem({ resource, customerId: flags.customer });
  if (scope) throw new UsageError(`--customer: ${scope.replace(/^customerId /, '')}`);
  if (flags.sort !== undefined) {
    const [field = '', direction = ''] = flags.sort.split('.');
    if (!isSortableField(resource, field) || !['asc', 'desc'].includes(direction)) {
      throw new UsageError(
        `--sort must be FIELD.asc or FIELD.desc with FIELD one of ${SORTABLE_FIELDS[resource].join(', ')}, got "${flags.sort}"`,
      );
    }
  }
  const lang: Language = oneOf(flags.lang ?? 'en', LANGUAGES, '--lang');
  const columns = flags.columns?.split(',').map((column) => column.trim());
  if (columns?.some((column) => !column))
    throw new UsageError(`--columns: an empty column name in "${flags.columns}"`);
  return {
    resource,
    ...(flags.customer !== undefined && { customerId: flags.customer }),
    ...(flags.sort !== undefined && { sort: flags.sort }),
    ...(columns && { columns }),
    ...(flags.where && { filter: flags.where.map(parseWhere) }),
    lang,
  };
}

function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

/**
 * The connection of the flags, validated like a saved profile. Its token is the one cached for the
 * same credentials by the app, a saved profile or an earlier run (one token per credentials).
 */
function profileFromFlags(
  flags: Partial<Record<'base-url' | 'auth-url' | 'client-id' | 'audience', string>>,
): {
  name: string;
  connection: ConnectionProfile;
} {
  const missing = (['base-url', 'auth-url', 'client-id'] as const).filter(
    (name) => flags[name] === undefined,
  );
  if (missing.length) throw new UsageError(`give --profile NAME, or --${missing.join(', --')}`);
  const parsed = profileInputSchema.safeParse({
    name: 'cdb',
    baseUrl: flags['base-url'],
    authUrl: flags['auth-url'],
    audience: flags.audience,
    clientId: flags['client-id'],
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    throw new UsageError(`${FLAG_OF[field] ?? field} ${issue?.message ?? 'is not valid'}`);
  }
  return {
    name: `${parsed.data.clientId}@${new URL(parsed.data.baseUrl).host}`,
    connection: { ...parsed.data, id: 'cdb-flags' },
  };
}

async function savedProfile(
  services: CliServices,
  name: string,
): Promise<{ name: string; connection: ConnectionProfile }> {
  const store = await services.profiles();
  const profile = await store.findByName(name);
  if (!profile) {
    const names = (await store.list()).map((candidate) => candidate.name);
    throw new UsageError(
      `--profile: no profile called "${name}"${names.length ? ` (saved: ${names.join(', ')})` : ' (none saved yet: cdb profile add)'}`,
    );
  }
  return { name: profile.name, connection: profile };
}
