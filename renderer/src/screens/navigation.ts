import type { TFunction } from 'i18next';
import type { Resource } from '@shared/api-rules';
import type { CustomerTables, Desk, ListPlace } from '@shared/desk';
import type { FilterCondition } from '@shared/filter';
import type { View } from '@shared/view';
import { FIRST_VIEW } from '../rows';
import { pointedAt, type FoundThrough } from '../finder/found-through';
import { customerIdOf } from '@shared/customer-columns';
import type { ApiRecord } from '@shared/schema';
import { nameOf } from '../customer/name-of';

/** What a window shows: a list, a customer's page, or one of its two panels. */
export type Screen =
  /** `returning`: back from a customer, to the list it was opened from. */
  /** `opened`: a saved view was opened (counted: each opening is a new table). */
  | { kind: 'list'; resource: Resource; returning?: boolean; opened?: number; savedView?: string }
  /** `name`: when the list it was opened from gave it (opened by its id alone, it is looked up). */
  /** `found`: what the finder matched, when it was one of its contacts or agreements (its page points to it). */
  | { kind: 'customer'; customerId: string; name?: string; tables?: CustomerTables; found?: FoundThrough }
  | { kind: 'connections' }
  | { kind: 'exports' };

export type CustomerScreen = Extract<Screen, { kind: 'customer' }>;

/** A list's place before the person changed anything: no filter, the API's order, its top. */
export const NEW_PLACE: ListPlace = { filter: [] };

/** Where Back goes from a window's first screen (nothing before it): the customers. */
export const FIRST_BACK: Screen = { kind: 'list', resource: 'customers', returning: true };

/** Whether two screens show the same thing (a list shown again is no new step of the trail). */
export function sameScreen(a: Screen, b: Screen): boolean {
  if (a.kind === 'list' && b.kind === 'list') return a.resource === b.resource && a.opened === b.opened;
  if (a.kind === 'customer' && b.kind === 'customer') return a.customerId === b.customerId && !b.tables;
  return a.kind === b.kind && a.kind !== 'list' && a.kind !== 'customer';
}

/** The screen a desk kept shows, or the first list. */
export function screenOf(desk: Desk | undefined): Screen {
  const kept = desk?.screen;
  if (kept?.kind === 'customer')
    return { kind: 'customer', customerId: kept.customerId, tables: kept.tables };
  return { kind: 'list', resource: kept?.resource ?? FIRST_VIEW.resource };
}

/** The screen shown: a list gone back to is `returning` (the row it was left on has the keyboard again). */
export function shownScreen(screen: Screen, wentBack: boolean): Screen {
  return wentBack && screen.kind === 'list' ? { ...screen, returning: true } : screen;
}

/** A customer's page, with only what is known of it. */
export function customerScreen(
  customerId: string,
  name?: string,
  tables?: CustomerTables,
  found?: FoundThrough,
): CustomerScreen {
  return {
    kind: 'customer',
    customerId,
    ...(name !== undefined && { name }),
    ...(tables && { tables }),
    ...(found && { found }),
  };
}

/**
 * Where showing `view` with `filter` leads: a customer's table opens that customer's page with the
 * table's sort and filter; a list opens from its top with its new `place`, as the `opened`-th opening
 * (a new table, even of the list shown).
 */
export function viewOpening(
  view: View,
  filter: FilterCondition[],
  opened: number,
  savedView?: string,
): { screen: Screen; place?: ListPlace } {
  const place = { filter, ...(view.sort !== undefined && { sort: view.sort }) };
  if (view.customerId !== undefined && view.resource !== 'customers')
    return { screen: customerScreen(view.customerId, undefined, { [view.resource]: place }) };
  return {
    screen: { kind: 'list', resource: view.resource, opened, ...(savedView !== undefined && { savedView }) },
    place,
  };
}

/** What Back goes to, as the button names it. */
export type BackTarget =
  | { kind: 'list'; resource: Resource }
  | { kind: 'customer'; customerId: string; name?: string }
  | { kind: 'connections' }
  | { kind: 'exports' };

/** "Back to contacts", "Back to customer Dupont SA", "Back to connections". */
export function backText(t: TFunction, target: BackTarget): string {
  switch (target.kind) {
    case 'list':
      return t(`nav.backTo.${target.resource}`);
    case 'customer':
      return t('nav.backTo.customer', { customer: target.name ?? target.customerId });
    default:
      return t(`nav.backTo.${target.kind}`);
  }
}

/**
 * The customer a row of `resource` opens (Enter, a double-click): a customer's own page; a contact's
 * or an agreement's customer, its page pointing at that record (found-through.ts), named when the row
 * carries its customer's name. None for a row that names no customer.
 */
export function rowOpening(
  resource: Resource,
  record: ApiRecord,
): { customerId: string; name?: string; tables?: CustomerTables; found?: FoundThrough } | undefined {
  const id = typeof record.id === 'string' || typeof record.id === 'number' ? String(record.id) : undefined;
  if (resource === 'customers') {
    const name = nameOf(record);
    return id === undefined ? undefined : { customerId: id, ...(name !== undefined && { name }) };
  }
  const customerId = customerIdOf(record);
  if (customerId === undefined || id === undefined) return undefined;
  const contactName = [record.firstName, record.lastName]
    .filter((part) => typeof part === 'string')
    .join(' ');
  const found: FoundThrough =
    resource === 'contacts'
      ? { of: 'contact', field: 'id', value: id, contactId: id, ...(contactName && { contactName }) }
      : { of: 'agreement', field: 'id', value: id };
  const name = record['customer.name'];
  const tables = pointedAt(found)?.tables;
  return {
    customerId,
    ...(typeof name === 'string' && name && { name }),
    ...(tables && { tables }),
    found,
  };
}
