import { dirname, resolve } from 'node:path';
import { PAGE_SIZE_MAX, SORTABLE_FIELDS } from '../shared/api-rules.js';
import { EXPORT_FORMATS, RECORD_FORMAT, type ExportFormat } from '../shared/export.js';
import { runCustomerRecord } from '../core/export/customer-record.js';
import { connect } from '../core/api/connect.js';
import { ApiError, isAbort } from '../core/engine-errors.js';
import { CUT_MARKER } from '../shared/cells.js';
import { runExport, type ExportResult } from '../core/export/run-export.js';
import { removeLeftovers } from '../core/export/temp-file.js';
import { integerFlag, parseFlags, UsageError } from './args.js';
import { caFileOf } from './ca-file.js';
import type { CliIo } from './io.js';
import { progressReporter } from './progress.js';
import {
  checkFolderOf,
  EXPORT_FLAGS,
  oneOf,
  profileFromFlags,
  recordRequestFrom,
  savedProfile,
  viewRequestFrom,
  type ViewRequest,
} from './export-flags.js';
import { grantNotice, openServices, type CliServices } from './services.js';
import { savedViewNamed } from './views.js';
import { exportViewOf } from '../shared/export.js';

export const EXPORT_HELP = `Usage: cdb export [connection] --resource NAME --out PATH [options]
       cdb export [connection] --customer ID --format pdf --out PATH [--lang en|fr]

Exports one view of the API to a file: the same engine as the app's Export, streamed, through the
shared rate limiter. The file appears at PATH only when it is complete.

Connection (one of):
  --profile NAME           a profile saved with "cdb profile add" (its secret from the keychain;
                           CDB_CLIENT_SECRET only when none is saved)
  --base-url URL --auth-url URL --client-id ID [--audience A] [--ca-file FILE]
                           the secret from the environment variable CDB_CLIENT_SECRET; FILE: the
                           company's root certificate (PEM) the API's certificate is signed by,
                           trusted for this run beside the usual ones

View (a saved one, or described by flags):
  --view NAME              a view saved in the app for --profile (see "cdb views list"): its list,
                           customer, sort, filter and columns; only --lang may go with it
  --resource NAME          customers, contacts or agreements
  --customer ID            only this customer's contacts or agreements
  --sort FIELD.asc|desc    a sortable field: ${Object.entries(SORTABLE_FIELDS)
    .map(([resource, fields]) => `${resource}: ${fields.join(', ')}`)
    .join('; ')}
  --lang en|fr             language of the header labels and translated values (default en)
  --columns KEY,KEY,...    the columns, in order (default: every field)
  --where 'FIELD OP VALUE' keep matching rows; OP: = != ~ (contains) < <= > >=, or
                           'FIELD empty' / 'FIELD notempty'; repeat to combine (AND)
  --search 'WORDS'         keep rows as a table's search box does: words anywhere, COLUMN:word
                           (its key or label), -word (without), "a phrase", word OR word

File:
  --out PATH               the file to write
  --format csv|jsonl|xlsx|pdf
                           (default csv); pdf: the record of --customer ID (its fields, summary,
                           every agreement and contact), in --lang
  --delimiter ,|;          CSV column separator (default ,; French Excel wants ;)
  --bom                    start the CSV with a byte order mark (Excel reads accents right)
  --decimal-comma          CSV numbers with a decimal comma (French Excel; use with --delimiter ';')
  --size 1-${PAGE_SIZE_MAX}             rows per API page (default ${PAGE_SIZE_MAX})
  -h, --help               show this help

Exit status: 0 when the whole file is at PATH; 1 when the export failed (the reason on one line,
nothing at PATH); 2 for a mistake in the command; 130 when interrupted (nothing at PATH).
`;

/** `cdb export`. */
export async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const flags = parseFlags(argv, EXPORT_FLAGS);
  if (flags.help) {
    io.stdout.write(EXPORT_HELP);
    return 0;
  }
  const format = oneOf(flags.format ?? 'csv', [...EXPORT_FORMATS, RECORD_FORMAT], '--format');
  const record = format === RECORD_FORMAT ? recordRequestFrom(flags) : undefined;
  const request: ViewRequest = record
    ? { view: { resource: 'customers', lang: record.lang } }
    : viewRequestFrom(flags);
  const delimiter = oneOf(flags.delimiter ?? ',', [',', ';'] as const, '--delimiter');
  if (!flags.out) throw new UsageError('--out PATH is required');
  await checkFolderOf(flags.out);
  const { services, profile, connection, stopNotices, view } = await connectionOf(flags, request, io);

  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  await removeLeftoversBeside(flags.out, io);
  const progress = progressReporter(io.stderr);
  try {
    if (record) {
      const written = await runCustomerRecord(
        connection.client,
        { profile: profile.name, customerId: record.customerId, lang: record.lang, target: flags.out },
        {
          signal: controller.signal,
          onProgress: (update) => progress.update(update),
          auditLog: services.auditLog,
        },
      );
      progress.end();
      io.stderr.write(
        `cdb export: the record of ${record.customerId} (${written.rows.toLocaleString('en')} agreements and contacts) written to ${written.path}\n`,
      );
      return 0;
    }
    const result = await runExport(
      connection.client,
      {
        profile: profile.name,
        view,
        options: {
          format: format as ExportFormat,
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
    tellResult(result, io);
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

/**
 * The connection the flags name: a saved profile (its secret from the keychain, or
 * CDB_CLIENT_SECRET), or one given by flags (its secret only from CDB_CLIENT_SECRET, never on the
 * command line); the token grants it costs are told on stderr.
 */
async function connectionOf(
  flags: ReturnType<typeof parseFlags<typeof EXPORT_FLAGS>>,
  request: ViewRequest,
  io: CliIo,
) {
  const usesFlags = (['base-url', 'auth-url', 'client-id', 'audience', 'ca-file'] as const).filter(
    (name) => flags[name] !== undefined,
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
  if (flagProfile && flags['ca-file'] !== undefined)
    flagProfile.connection.caCertificates = await caFileOf(flags['ca-file']);
  const services = await openServices(io, process.env);
  const profile = flagProfile ?? (await savedProfile(services, flags.profile ?? ''));
  // Read before connecting: a view that is not there is a mistake in the command, like a flag.
  const view =
    'view' in request
      ? request.view
      : exportViewOf(await savedViewNamed(services, profile, request.saved, io), request.lang);
  const secret = flagProfile
    ? secretFromEnv
    : await savedProfileSecret(services, profile.connection.id, flags.profile ?? '', secretFromEnv, io);
  const connection = connect(profile.connection, {
    tokens: services.tokens,
    limiters: services.limiters,
    fetch: services.fetch,
    trustCompanyRoot: services.trustFor,
    readSecret: () => Promise.resolve(secret),
  });
  const stopNotices = connection.tokens.onGrant((usage) =>
    io.stderr.write(grantNotice(usage, services.vault.tokensKept)),
  );
  return { services, profile, connection, stopNotices, view };
}

/**
 * The secret of a saved profile: the keychain's, entered for its API (a secret only goes where it
 * was entered for); CDB_CLIENT_SECRET only when none is saved. Which one is used is said on stderr.
 */
async function savedProfileSecret(
  services: CliServices,
  profileId: string,
  name: string,
  fromEnv: string | undefined,
  io: CliIo,
): Promise<string | undefined> {
  const saved = await services.vault.getSecret(profileId);
  if (saved !== undefined) {
    if (fromEnv !== undefined)
      io.stderr.write(
        `cdb export: using the secret saved for profile "${name}" in the keychain, not CDB_CLIENT_SECRET\n`,
      );
    return saved;
  }
  if (fromEnv !== undefined)
    io.stderr.write(`cdb export: no secret is saved for profile "${name}": using CDB_CLIENT_SECRET\n`);
  return fromEnv;
}

/** Removes what interrupted exports left beside the target, and says so. */
async function removeLeftoversBeside(out: string, io: CliIo): Promise<void> {
  const leftovers = await removeLeftovers(dirname(resolve(out)));
  if (leftovers.length) {
    io.stderr.write(
      `cdb export: removed ${leftovers.length} temporary file(s) left by interrupted exports: ${leftovers.join(', ')}\n`,
    );
  }
}

/** What a finished export says on stderr: rows, where, how long, and the cells cut. */
function tellResult(result: ExportResult, io: CliIo): void {
  io.stderr.write(
    `cdb export: ${result.rows.toLocaleString('en')} rows written to ${result.path} in ${result.seconds.toFixed(1)} s\n`,
  );
  if (result.cutCells) {
    io.stderr.write(
      `cdb export: ${result.cutCells.toLocaleString('en')} cells were longer than Excel's 32,767 characters: cut, ending with "${CUT_MARKER.trim()}"\n`,
    );
  }
}
