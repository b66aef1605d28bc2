import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how `cdb` was called: shown as one line, exit code 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses flags strictly: an unknown flag or a missing value is a UsageError naming the flag. */
export function parseFlags<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** A whole number flag within [min, max], or a UsageError naming the flag. */
export function integerFlag(
  value: string | undefined,
  flag: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const number = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!(number >= min && number <= max)) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return number;
}
