/** A customer's name as a record gives it, or undefined when it has none. */
export function nameOf(record: Record<string, unknown> | undefined): string | undefined {
  return typeof record?.name === 'string' && record.name ? record.name : undefined;
}
