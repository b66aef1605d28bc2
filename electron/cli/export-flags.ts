import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  isResource,
  isSortableField,
  LANGUAGES,
  RESOURCES,
  SORTABLE_FIELDS,
  type Language,
} from '../shared/api-rules.js';
import type { ExportView } from '../shared/export.js';
import { ANY_FIELD } from '../shared/filter.js';
import { profileInputSchema } from '../shared/profile.js';
import { scopeProblem } from '../shared/view.js';
import type { ConnectionProfile } from '../core/api/connect.js';
import { UsageError } from './args.js';
import type { CliServices } from './services.js';
import { parseWhere } from './where.js';

// What `cdb export`'s flags say (export-command.ts): the view, the connection and the target's folder, each
// checked before any token is spent, with an error that names the flag.

/** `cdb export`'s flags, as parseFlags reads them. */
export const EXPORT_FLAGS = {
  profile: { type: 'string' },
  'base-url': { type: 'string' },
  'auth-url': { type: 'string' },
  audience: { type: 'string' },
  'client-id': { type: 'string' },
  'ca-file': { type: 'string' },
  view: { type: 'string' },
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
  search: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Flag names of the profile fields, so validation errors name what the user typed. */
const FLAG_OF: Record<string, string> = {
  baseUrl: '--base-url',
  authUrl: '--auth-url',
  audience: '--audience',
  clientId: '--client-id',
};

/** Refuses, before any token is spent, an --out whose folder is not there. */
export async function checkFolderOf(out: string): Promise<void> {
  const folder = dirname(out);
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new UsageError(
      `--out: the folder "${folder}" ${info ? 'is not a folder' : 'does not exist'}; create it first, or choose another path`,
    );
  }
}

export type ExportFlags = Partial<
  Record<'view' | 'profile' | 'resource' | 'customer' | 'sort' | 'lang' | 'columns' | 'search', string>
> & {
  where?: string[];
};

/** What the flags ask to export: the view they describe, or a view saved in the app, in a language. */
export type ViewRequest = { view: ExportView } | { saved: string; lang: Language };

/** The view request of the flags: --view NAME alone (with --profile), or --resource and its options. */
export function viewRequestFrom(flags: ExportFlags): ViewRequest {
  if (flags.view === undefined) return { view: viewFrom(flags) };
  const clash = (['resource', 'customer', 'sort', 'columns', 'where', 'search'] as const).filter(
    (name) => flags[name] !== undefined,
  );
  if (clash.length) {
    throw new UsageError(`--view cannot be combined with --${clash.join(', --')}: the saved view says them`);
  }
  if (flags.profile === undefined) {
    throw new UsageError('--view goes with --profile NAME: views are saved for a connection profile');
  }
  return { saved: flags.view, lang: oneOf(flags.lang ?? 'en', LANGUAGES, '--lang') };
}

/**
 * A customer's record (`--format pdf --customer ID`): its id and language; the flags that shape a
 * view's rows or a CSV are refused, as they say nothing of a record.
 */
export function recordRequestFrom(flags: ExportFlags & Partial<Record<'delimiter', string>>): {
  customerId: string;
  lang: Language;
} {
  const others = (['view', 'sort', 'columns', 'where', 'search', 'delimiter'] as const).filter(
    (name) => flags[name] !== undefined,
  );
  if (others.length)
    throw new UsageError(
      `--format pdf (a customer's record) cannot be combined with --${others.join(', --')}`,
    );
  if (flags.resource !== undefined && flags.resource !== 'customers')
    throw new UsageError(
      "--format pdf writes a customer's record: give --customer ID, with --resource customers or none",
    );
  const customerId = flags.customer;
  if (customerId === undefined)
    throw new UsageError('--format pdf needs --customer ID (the customer whose record it writes)');
  const scope = scopeProblem({ resource: 'agreements', customerId });
  if (scope) throw new UsageError(`--customer: ${scope.replace(/^customerId /, '')}`);
  return { customerId, lang: oneOf(flags.lang ?? 'en', LANGUAGES, '--lang') };
}

/** The view of --resource, --customer, --sort, --lang, --columns, --where and --search. */
export function viewFrom(flags: ExportFlags): ExportView {
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
    ...((flags.where ?? flags.search !== undefined) && {
      filter: [
        ...(flags.where ?? []).map(parseWhere),
        // The words of a table's search box (search-words.ts): what it cannot read is searched as typed.
        ...(flags.search ? [{ field: ANY_FIELD, op: 'contains' as const, value: flags.search }] : []),
      ],
    }),
    lang,
  };
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

/**
 * The connection of the flags, validated like a saved profile. Its token is the one cached for the
 * same credentials by the app, a saved profile or an earlier run (one token per credentials).
 */
export function profileFromFlags(
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

export async function savedProfile(
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
