import { DEMO_CLIENT_ID } from './demo-connection.js';
import type { ExportOptions, ExportView } from './export.js';
import { WHERE_SYMBOLS, type FilterCondition } from './filter.js';

/** Characters a POSIX shell takes literally in a word: anything else is quoted. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * A word as a POSIX shell reads it back exactly (sh, bash, zsh, dash): as it is when every
 * character is plain, else in single quotes, inside which nothing is special — `$`, `\`, `"`, `*`
 * and line breaks included — and each `'` written as `'\''` (close, an escaped quote, reopen).
 */
export function shellQuote(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** A condition as `cdb export --where` reads it: the value in double quotes, which cdb takes whole. */
export function whereText(condition: FilterCondition): string {
  if (condition.op === 'empty') return `${condition.field} empty`;
  if (condition.op === 'notEmpty') return `${condition.field} notempty`;
  return `${condition.field} ${WHERE_SYMBOLS[condition.op]} "${String(condition.value ?? '')}"`;
}

/** Which connection the command names: a saved profile by its name, or a Demo API started by `cdb serve-demo`. */
export type CommandConnection = { profile: string } | { demoPort: number };

/**
 * The `cdb export` command line that writes the same file as the app's export of `view` with
 * `options`: the connection, the view (list, customer, sort, language, columns in order, filter)
 * and the file's format, every word quoted for a POSIX shell. The page size is left to cdb: it
 * changes how the rows are read, not which.
 */
export function exportCommandLine(
  view: ExportView,
  options: Pick<ExportOptions, 'format' | 'delimiter' | 'bom' | 'decimalComma'>,
  fileName: string,
  connection: CommandConnection,
): string {
  const words: string[] = [
    'npx',
    'cdb',
    'export',
    ...('profile' in connection ? ['--profile', connection.profile] : demoFlags(connection.demoPort)),
    '--resource',
    view.resource,
    ...(view.customerId === undefined ? [] : ['--customer', view.customerId]),
    ...(view.sort === undefined ? [] : ['--sort', view.sort]),
    '--lang',
    view.lang,
    ...(view.columns?.length ? ['--columns', view.columns.join(',')] : []),
    ...(view.filter ?? []).flatMap((condition) => ['--where', whereText(condition)]),
    '--format',
    options.format,
    ...(options.format === 'csv' && options.delimiter === ';' ? ['--delimiter', ';'] : []),
    ...(options.format === 'csv' && options.bom ? ['--bom'] : []),
    ...(options.format === 'csv' && options.decimalComma ? ['--decimal-comma'] : []),
    '--out',
    fileName,
  ];
  // The Demo's secret is new at each start: cdb reads it from the environment, never the command line.
  return `${'profile' in connection ? '' : "CDB_CLIENT_SECRET='…' "}${words.map(shellQuote).join(' ')}`;
}

/** The flags of a Demo API started on this machine by `cdb serve-demo --port PORT`. */
function demoFlags(port: number): string[] {
  const origin = `http://127.0.0.1:${port}`;
  return ['--base-url', origin, '--auth-url', origin, '--client-id', DEMO_CLIENT_ID];
}
