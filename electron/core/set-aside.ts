/**
 * Where a damaged data file is kept aside (never emptied, never deleted): beside it, named after
 * the time it was found, so the user or support can still read what it held.
 */
export function damagedName(path: string, at: Date): string {
  return `${path}.damaged-${at.toISOString().replace(/[:.]/g, '-')}`;
}
