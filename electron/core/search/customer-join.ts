import { setTimeout as delay } from 'node:timers/promises';
import type { Language, Resource } from '../../shared/api-rules.js';
import { FilterError } from '../../shared/filter.js';
import {
  CUSTOMER_COLUMN_FIELDS,
  CUSTOMER_COLUMN_KEYS,
  customerIdIn,
  customerColumnFields,
  customerColumnNames,
  customerFieldOf,
  isCustomerColumn,
  joinsCustomer,
  withCustomerColumns,
} from '../../shared/customer-columns.js';
import type { ApiRecord, SchemaField } from '../../shared/schema.js';
import type { FieldName } from '../../shared/search-words.js';
import type { HeldListStatus } from '../../shared/held-list.js';
import type { HeldList, ListSource } from './lists/held-list-state.js';
import type { HeldLists } from './lists/held-lists.js';
import type { RowsReading } from './columns/rows-reading.js';
import type { HeldRows } from './columns/held-rows.js';
import type { RowBlock } from './columns/row-block.js';
import type { JoinedColumns } from './columns/term-fields.js';
import en from '../../../locales/en.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };

/** The words of a customer's column header, as the table says them (« Pays (client) »). */
const COLUMN_LABELS: Record<Language, string> = { en: en.table.customerColumn, fr: fr.table.customerColumn };

/**
 * The customer's columns of contacts and agreements (shared/customer-columns.ts), read from the
 * customers held for search in one language: a row's customer found by its id in the held list's
 * index, its fields read where they are kept, no record made.
 */
export class CustomerJoin implements JoinedColumns {
  /** Tells one join from another: results kept for a filter or a sort on these columns are kept by it. */
  readonly key: string;
  /** The columns as fields (labels in the language, kinds and codes of the customers' schema). */
  readonly fields: SchemaField[];
  private readonly reading: RowsReading;

  constructor(
    readonly customers: HeldList,
    private readonly lang: Language,
  ) {
    this.reading = customers.readingIn(lang);
    this.key = `${customers.rows.serial}:${customers.rows.length}:${this.reading.key}`;
    this.fields = customerColumnFields(
      customers.fields.get(lang) ?? customers.fields.get(customers.lang),
      (label) => COLUMN_LABELS[lang].replace('{{field}}', label),
    );
  }

  /** Column `key` (`customer.country`) of the customer `read` names; undefined for a key that is not one. */
  valueOf(key: string, read: (field: string) => unknown): unknown {
    const field = customerFieldOf(key);
    if (field === undefined) return undefined;
    const index = this.indexOf(read);
    return index === undefined ? null : this.customers.rows.valueAt(index, field, this.reading);
  }

  /** `record` with its customer's columns (null where its customer is not held). */
  addTo(record: ApiRecord): ApiRecord {
    const index = this.indexOf((field) => record[field]);
    const customer =
      index === undefined
        ? null
        : Object.fromEntries(
            CUSTOMER_COLUMN_FIELDS.map((field) => [
              field,
              this.customers.rows.valueAt(index, field, this.reading),
            ]),
          );
    return withCustomerColumns(record, customer);
  }

  /**
   * `own` (one record standing for any row, held-rows.ts) with the customer's columns too, read
   * from the customer of the row it points at: a filter tests every row without making a record.
   */
  viewer(own: (index: number) => ApiRecord): (index: number) => ApiRecord {
    let joined: ApiRecord | undefined;
    return (index) => {
      const view = own(index);
      if (joined !== view) {
        joined = view;
        // Every column, whether the customers' schema lists it or not: a filter on one its schema
        // was not known for must still see its values (addTo writes them all too).
        for (const key of CUSTOMER_COLUMN_KEYS)
          Object.defineProperty(view, key, {
            enumerable: true,
            get: () => this.valueOf(key, (field) => view[field]),
          });
      }
      return view;
    };
  }

  has = isCustomerColumn;

  /** By customer, whether one of its columns (or the one `field` names) holds `term` in this language. */
  holders({ kind, text, field }: { kind: 'words' | 'digits'; text: string; field: string | undefined }) {
    const reading = this.customers.searchReadingIn(this.lang);
    const key = `${reading.key}\n${kind}\n${text}\n${field ?? ''}`;
    const known = heldBy.get(this.customers.rows)?.get(key);
    if (known) return known.holders;
    const fields = field === undefined ? CUSTOMER_COLUMN_FIELDS : [customerFieldOf(field) ?? field];
    const { rows } = this.customers;
    const any = fields.map((each) => ({ kind, text, field: each }));
    const search = rows.search({ clauses: [{ any, negated: false }], notes: [] }, reading);
    const holders = new Uint8Array(rows.length);
    let found = false;
    rows.findTerms(search, 0, rows.length, (index) => {
      holders[index] = 1;
      found = true;
    });
    const kept = heldBy.get(rows) ?? new Map<string, { holders: Uint8Array | undefined }>();
    heldBy.set(rows, kept);
    // A few terms are kept (a person types on): the customers held change, the map goes with them.
    if (kept.size >= HOLDERS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, { holders: found ? holders : undefined });
    return found ? holders : undefined;
  }

  /** Each row's customer in the customers held (-1: none), for a block of another list's rows. */
  owners(block: RowBlock, read: (row: number, field: string) => unknown): Int32Array {
    const byBlock = ownersBy.get(this.customers.rows) ?? new WeakMap<RowBlock, Int32Array>();
    ownersBy.set(this.customers.rows, byBlock);
    let owners = byBlock.get(block);
    if (!owners) {
      owners = new Int32Array(block.length);
      for (let row = 0; row < block.length; row++)
        owners[row] = this.indexOf((field) => read(row, field)) ?? -1;
      byBlock.set(block, owners);
    }
    return owners;
  }

  private indexOf(read: (field: string) => unknown): number | undefined {
    const id = customerIdIn(read);
    return id === undefined ? undefined : this.customers.rows.indexOf(id);
  }
}

/**
 * What the customers held answer a search with, kept with those rows (a new read is new rows): each
 * row's customer by block of the other list, and the customers holding a term (the last few).
 */
const ownersBy = new WeakMap<HeldRows, WeakMap<RowBlock, Int32Array>>();
const heldBy = new WeakMap<HeldRows, Map<string, { holders: Uint8Array | undefined }>>();
const HOLDERS_KEPT = 32;

/**
 * What a search may call the customer's columns (after the record's own fields): their labels as the
 * table shows them in each language the customers were shown in, and the customer's field by its
 * key and its own labels (`city:lyon`, `ville:lyon`).
 */
export function customerColumnNamesOf(customers: HeldList | undefined): FieldName[] {
  const byLanguage = [...(customers?.fields ?? [])];
  const shown = byLanguage.flatMap(([lang, fields]) =>
    customerColumnFields(fields, (label) => COLUMN_LABELS[lang].replace('{{field}}', label)),
  );
  return [
    ...shown.map((field) => ({ key: field.key, labels: [field.label] })),
    ...customerColumnNames(byLanguage.map(([, fields]) => fields)),
  ];
}

/** Why the customers list is not there to join, as a message says it. */
const NOT_HELD: Record<Exclude<HeldListStatus['state'], 'held' | 'reading'>, string> = {
  'too-long': 'it is too long for the memory kept for search',
  stopped: 'its read was stopped',
  failed: 'its read failed',
  dropped: 'it was let go to make room for others',
};

/** How often a search on the customer's columns looks again at the customers list being read. */
const WAIT_STEP_MS = 250;

/**
 * The customer's columns for a view of `resource` in `lang`, when the customers list is held in that
 * language (nothing is read for them): what a page or a row shown carries. Undefined otherwise, and
 * the columns are left out of the records (the table shows them as not known yet).
 */
export function heldCustomerJoin(
  lists: HeldLists,
  source: ListSource,
  resource: Resource,
  lang: Language,
): CustomerJoin | undefined {
  if (!joinsCustomer(resource)) return undefined;
  const customers = lists.heldNow(source, { resource: 'customers' }, lang);
  return customers && lists.statusOf(customers, lang).state === 'held'
    ? new CustomerJoin(customers, lang)
    : undefined;
}

/**
 * The customer's columns a filter, a sort or an export names (`keys`), or that its search `words`
 * look in (every column): the customers list read if it is not held, and waited for (a search
 * cannot be right on part of it). Undefined when none is named and there are no words. Throws a
 * FilterError naming the column when the list cannot be held (too long for the memory kept,
 * stopped, failed); words alone are then looked for in the row's own fields. Stopped by `signal`.
 */
export async function customerJoinFor(
  lists: HeldLists,
  source: ListSource,
  resource: Resource,
  lang: Language,
  keys: readonly string[],
  signal?: AbortSignal,
  words = false,
): Promise<CustomerJoin | undefined> {
  const named = keys.find(isCustomerColumn);
  if ((!named && !words) || !joinsCustomer(resource)) return undefined;
  for (;;) {
    const customers = await lists.use(source, { resource: 'customers' }, lang);
    const { state } = lists.statusOf(customers, lang);
    if (state === 'held') return new CustomerJoin(customers, lang);
    if (state !== 'reading' && !named) return undefined;
    if (state !== 'reading')
      throw new FilterError(
        `${named}: the customer's columns come from the customers list held for search, and ${NOT_HELD[state]}: read it again from the status bar, or filter on the customer's id`,
      );
    await delay(WAIT_STEP_MS, undefined, { signal });
  }
}
