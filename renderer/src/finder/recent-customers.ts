/** A customer opened this session, offered again by "Open customer" and the command box (never saved). */
export interface RecentCustomer {
  customerId: string;
  /** Its name, once known (the suggestion it was opened from, or its heading's look-up). */
  name?: string;
}

/** The customers opened this session kept at most. */
export const RECENT_MAX = 20;

/** The recents after `customerId` was opened: first, with its name if given (else the one known). */
export function withOpened(
  recent: readonly RecentCustomer[],
  customerId: string,
  name?: string,
): RecentCustomer[] {
  const known = recent.find((each) => each.customerId === customerId)?.name;
  const named = name ?? known;
  return [
    { customerId, ...(named !== undefined && { name: named }) },
    ...recent.filter((each) => each.customerId !== customerId),
  ].slice(0, RECENT_MAX);
}

/** The recents once `customerId`'s name is known: the same list (unchanged when nothing is new). */
export function withName(recent: RecentCustomer[], customerId: string, name: string): RecentCustomer[] {
  const index = recent.findIndex((each) => each.customerId === customerId);
  if (index < 0 || recent[index]?.name === name) return recent;
  return recent.map((each, at) => (at === index ? { customerId, name } : each));
}
