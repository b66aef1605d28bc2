import { DEMO_CLIENT_ID } from './demo-connection.js';
import type { ExportOptions, ExportView } from './export.js';
import { ANY_FIELD, WHERE_SYMBOLS, type FilterCondition } from './filter.js';

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
  if (condition.op === 'between') return `${condition.field} between "${String(condition.value ?? '')}"`;
  return `${condition.field} ${WHERE_SYMBOLS[condition.op]} "${String(condition.value ?? '')}"`;
}

/** Whether a condition is the search box's (`cdb export --search`). */
const isSearch = (condition: FilterCondition): boolean =>
  condition.field === ANY_FIELD && condition.op === 'contains';

/** Which connection the command names: a saved profile by its name, or a Demo API started by `cdb serve-demo`. */
export type CommandConnection = { profile: string } | { demoPort: number };

/** The shells a command line is written for: Windows' PowerShell, or a POSIX shell (bash, zsh, sh) elsewhere. */
export type CommandShell = 'posix' | 'powershell';

/** Characters PowerShell takes literally in an argument (`,` makes an array, `@` splats, `$` expands). */
const POWERSHELL_PLAIN = /^[A-Za-z0-9_./:=-]+$/;

/**
 * A word as PowerShell reads it back exactly: in single quotes, inside which nothing expands and
 * each quote — PowerShell also takes the typographic ones ‘ ’ ‚ ‛ for it — is written twice.
 */
export function powerShellQuote(word: string): string {
  return POWERSHELL_PLAIN.test(word) ? word : `'${word.replace(/['\u2018\u2019\u201a\u201b]/g, '$&$&')}'`;
}

/** Why an export cannot be written as a command line: what holds a control character, or a name cdb cannot take. */
export type CommandProblem = { problem: 'control' | 'name'; subject: string };

/**
 * Column keys and field names cdb takes in `--columns a,b` and `--where 'FIELD OP VALUE'`: they come
 * from the API's records (the server chooses them), so anything else is refused, not quoted.
 */
const PLAIN_NAME = /^[\p{L}\p{N}_.-]+$/u;
/** Characters a terminal would not show (or would act on: paste-jacking): never written in a command. */
const UNSHOWN = /[\p{Cc}\p{Cf}]/u;

/**
 * The `cdb export` command line that writes the same file as the app's export of `view` with
 * `options`: the connection, the view (list, customer, sort, language, columns in order, filter)
 * and the file's format, each flag as `--flag=value` (a value that starts with a dash stays a value)
 * and every word quoted for `shell`. The page size is left to cdb: it changes how the rows are read,
 * not which. A value holding a control or invisible character, or a column or field whose name cdb
 * cannot take, makes no command: the problem says which.
 */
export function exportCommandLine(
  view: ExportView,
  options: Pick<ExportOptions, 'format' | 'delimiter' | 'bom' | 'decimalComma'>,
  fileName: string,
  connection: CommandConnection,
  shell: CommandShell = 'posix',
): { line: string } | CommandProblem {
  const values = [
    fileName,
    ...('profile' in connection ? [connection.profile] : []),
    ...(view.customerId === undefined ? [] : [view.customerId]),
    ...(view.filter ?? []).map((condition) => String(condition.value ?? '')),
  ];
  const control = values.find((value) => UNSHOWN.test(value));
  if (control !== undefined)
    return { problem: 'control', subject: control.replace(/[\p{Cc}\p{Cf}]/gu, '\uFFFD') };
  const names = [...(view.columns ?? []), ...(view.filter ?? []).map((condition) => condition.field)];
  const unnamed = names.find((name) => name !== ANY_FIELD && !PLAIN_NAME.test(name));
  if (unnamed !== undefined)
    return { problem: 'name', subject: unnamed.replace(/[\p{Cc}\p{Cf}]/gu, '\uFFFD') };
  const flag = (name: string, value: string) => `--${name}=${value}`;
  const words: string[] = [
    ...('profile' in connection ? [flag('profile', connection.profile)] : demoFlags(connection.demoPort)),
    flag('resource', view.resource),
    ...(view.customerId === undefined ? [] : [flag('customer', view.customerId)]),
    ...(view.sort === undefined ? [] : [flag('sort', view.sort)]),
    flag('lang', view.lang),
    ...(view.columns?.length ? [flag('columns', view.columns.join(','))] : []),
    // The search box's words as --search (last: cdb reads them after the --where conditions).
    ...(view.filter ?? []).filter((each) => !isSearch(each)).map((each) => flag('where', whereText(each))),
    ...(view.filter ?? []).filter(isSearch).map((each) => flag('search', String(each.value ?? ''))),
    flag('format', options.format),
    ...(options.format === 'csv' && options.delimiter === ';' ? [flag('delimiter', ';')] : []),
    ...(options.format === 'csv' && options.bom ? ['--bom'] : []),
    ...(options.format === 'csv' && options.decimalComma ? ['--decimal-comma'] : []),
    flag('out', fileName),
  ];
  const quote = shell === 'powershell' ? powerShellQuote : shellQuote;
  const command = ['npx', 'cdb', 'export', ...words].map(quote).join(' ');
  if ('profile' in connection) return { line: command };
  // The Demo's secret is new at each start: cdb reads it from the environment, never the command line.
  return {
    line:
      shell === 'powershell' ? `$env:CDB_CLIENT_SECRET='…'; ${command}` : `CDB_CLIENT_SECRET='…' ${command}`,
  };
}

/** The flags of a Demo API started on this machine by `cdb serve-demo --port PORT`. */
function demoFlags(port: number): string[] {
  const origin = `http://127.0.0.1:${port}`;
  return [`--base-url=${origin}`, `--auth-url=${origin}`, `--client-id=${DEMO_CLIENT_ID}`];
}
