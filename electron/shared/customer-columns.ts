import { CUSTOMER_SCOPED_RESOURCES, type Resource } from './api-rules.js';
import type { ApiRecord, SchemaField } from './schema.js';

/**
 * The customer's fields a contact or an agreement is shown, sorted, filtered and exported by
 * (docs/decisions/0017-customer-columns.md): joined from the customers held for search, by the
 * record's `customerId`, never asked of the API (it has no join, and a request per row would cost
 * the day's rate). A record carries them as `customer.<field>`.
 */
export const CUSTOMER_COLUMN_FIELDS = ['name', 'type', 'city', 'country'] as const;

const PREFIX = 'customer.';

/** The columns' keys, as records carry them (`customer.city`). */
export const CUSTOMER_COLUMN_KEYS: readonly string[] = CUSTOMER_COLUMN_FIELDS.map((field) => PREFIX + field);

/** Whether records of `resource` belong to a customer, and so have the customer's columns. */
export function joinsCustomer(resource: Resource): boolean {
  return (CUSTOMER_SCOPED_RESOURCES as readonly string[]).includes(resource);
}

/** The customer's field a column key names (`customer.country` → `country`), or undefined. */
export function customerFieldOf(key: string): string | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  const field = key.slice(PREFIX.length);
  return (CUSTOMER_COLUMN_FIELDS as readonly string[]).includes(field) ? field : undefined;
}

export const isCustomerColumn = (key: string): boolean => customerFieldOf(key) !== undefined;

/**
 * The customer's columns as fields of the records that carry them: the customers' schema's own
 * fields (type, format, coded values), keyed `customer.<field>` and labelled by `label` (the
 * language's « Pays (client) »). A field the customers' schema does not list is left out.
 */
export function customerColumnFields(
  customerFields: readonly SchemaField[] | undefined,
  label: (fieldLabel: string) => string,
): SchemaField[] {
  return CUSTOMER_COLUMN_FIELDS.flatMap((key) => {
    const field = customerFields?.find((each) => each.key === key);
    if (!field) return [];
    // Not "sortable" by the API: these sort from the lists held (the API never sees them).
    const { sortable: _sortable, ...rest } = field;
    return [{ ...rest, key: PREFIX + key, label: label(field.label ?? key) }];
  });
}

/**
 * What a search may call the customer's columns besides their labels as shown (after the record's
 * own fields, which keep their names): the customer's field by its key and by its label in each of
 * the customers' schemas given, one per language (`city:lyon`, `ville:lyon`).
 */
export function customerColumnNames(
  customerFields: readonly (readonly SchemaField[] | undefined)[],
): { key: string; labels: string[] }[] {
  return CUSTOMER_COLUMN_FIELDS.map((field) => ({
    key: PREFIX + field,
    labels: [
      field,
      ...customerFields.flatMap((fields) => fields?.find((each) => each.key === field)?.label ?? []),
    ],
  }));
}

/** `record` with its customer's columns from `customer` (null when its customer is not found). */
export function withCustomerColumns(record: ApiRecord, customer: ApiRecord | null | undefined): ApiRecord {
  const joined: ApiRecord = { ...record };
  for (const key of CUSTOMER_COLUMN_FIELDS) joined[PREFIX + key] = customer?.[key] ?? null;
  return joined;
}

/** `record` as the API sent it: the customer's columns the app joined to it left out. */
export function withoutCustomerColumns(record: ApiRecord): ApiRecord {
  const own: ApiRecord = {};
  for (const key in record) if (!isCustomerColumn(key)) own[key] = record[key];
  return own;
}

/**
 * The field of a contact that names its customer. The spec does not show the fields of a contact;
 * the names APIs commonly give it are tried in turn, and a `customer` object's `id`.
 */
const CUSTOMER_ID_FIELDS = ['customerId', 'customer_id', 'customerID'] as const;

/** The id of the customer a contact belongs to, when the contact names it. */
export function customerIdOf(contact: ApiRecord): string | undefined {
  return customerIdIn((field) => contact[field]);
}

/** The id of the customer a record names, its fields read by `read`. */
export function customerIdIn(read: (field: string) => unknown): string | undefined {
  for (const field of CUSTOMER_ID_FIELDS) {
    const value = read(field);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  const customer = read('customer');
  if (typeof customer === 'object' && customer !== null) {
    const id = (customer as Record<string, unknown>).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
}
