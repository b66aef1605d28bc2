import { RESOURCES, type Resource } from '../shared/api-rules.js';
import { generateDataset, RowFactory, type DatasetSize } from './generate.js';
import type { Ordering } from './ordering.js';
import { formatId, parseId, type BaseRow, type CustomerRow, type RowsByResource } from './rows.js';

/**
 * How many customers' sorted rows a table keeps (one customer in one order each): a customer of
 * 150,000 agreements was sorted again for each page it was read in.
 */
const KEPT_CUSTOMER_VIEWS = 64;

/**
 * The rows of one resource with the sorted views the list routes page through. A sorted view is
 * built on first use and kept until the rows change (tests add and remove rows between pages).
 */
export class Table<R extends BaseRow & { customerId?: number }> {
  private sortedViews = new Map<string, R[]>();
  private customerViews = new Map<string, R[]>();
  private byCustomer: Map<number, R[]> | undefined;
  private byId: Map<number, R> | undefined;

  constructor(
    private rows: R[],
    private nextId: number,
  ) {}

  get size(): number {
    return this.rows.length;
  }

  at(index: number): R | undefined {
    return this.rows[index];
  }

  get(id: number): R | undefined {
    this.byId ??= new Map(this.rows.map((row) => [row.id, row]));
    return this.byId.get(id);
  }

  /** All rows in `ordering`, or only one customer's when `customerId` is given. */
  sorted(ordering: Ordering<R>, customerId?: number): readonly R[] {
    if (customerId !== undefined) {
      const key = `${customerId} ${ordering.sort}`;
      let view = this.customerViews.get(key);
      if (!view) {
        view = [...this.ofCustomer(customerId)].sort(ordering.compareRows);
        // The oldest first (a Map keeps the order keys came in).
        if (this.customerViews.size >= KEPT_CUSTOMER_VIEWS)
          this.customerViews.delete(this.customerViews.keys().next().value as string);
        this.customerViews.set(key, view);
      }
      return view;
    }
    let view = this.sortedViews.get(ordering.sort);
    if (!view) {
      view = [...this.rows].sort(ordering.compareRows);
      this.sortedViews.set(ordering.sort, view);
    }
    return view;
  }

  add(makeRow: (id: number) => R): R {
    const row = makeRow(this.nextId++);
    this.rows.push(row);
    this.changed();
    return row;
  }

  /** Changes the row `id` in place (`change` edits it), as an API's update does; false when there is none. */
  update(id: number, change: (row: R) => void): boolean {
    const row = this.get(id);
    if (!row) return false;
    change(row);
    this.changed();
    return true;
  }

  /** The latest `createdAt` or `updatedAt` of its rows (0 when empty). */
  latestInstant(): number {
    let latest = 0;
    for (const row of this.rows) latest = Math.max(latest, row.createdAt, row.updatedAt ?? 0);
    return latest;
  }

  removeWhere(predicate: (row: R) => boolean): number {
    const before = this.rows.length;
    this.rows = this.rows.filter((row) => !predicate(row));
    if (this.rows.length !== before) this.changed();
    return before - this.rows.length;
  }

  private ofCustomer(customerId: number): readonly R[] {
    if (!this.byCustomer) {
      this.byCustomer = new Map();
      for (const row of this.rows) {
        if (row.customerId === undefined) continue;
        const group = this.byCustomer.get(row.customerId);
        if (group) group.push(row);
        else this.byCustomer.set(row.customerId, [row]);
      }
    }
    return this.byCustomer.get(customerId) ?? [];
  }

  private changed(): void {
    this.sortedViews.clear();
    this.customerViews.clear();
    this.byCustomer = undefined;
    this.byId = undefined;
  }
}

/** The Demo API's data: seeded rows of the three resources, plus the hooks tests use to change them. */
export class DemoStore {
  readonly tables: { [R in Resource]: Table<RowsByResource[R]> };
  private readonly factory: RowFactory;
  /** The latest instant given to a change (DemoStore.now). */
  private latest: number | undefined;

  constructor(seed: number, size: DatasetSize, referenceDate: string) {
    this.factory = new RowFactory(seed, referenceDate);
    const data = generateDataset(this.factory, size);
    this.tables = {
      customers: new Table(data.customers, data.customers.length + 1),
      contacts: new Table(data.contacts, data.contacts.length + 1),
      agreements: new Table(data.agreements, data.agreements.length + 1),
    };
  }

  /** Number of rows of a resource now. */
  count(resource: Resource): number {
    return this.tables[resource].size;
  }

  /** The customer behind a public id, if it exists. */
  customer(publicId: string): CustomerRow | undefined {
    const id = parseId('customers', publicId);
    return id === undefined ? undefined : this.tables.customers.get(id);
  }

  /**
   * Adds one generated row (of the given customer for contacts and agreements, or of a random
   * one) and returns its public id: the hook tests use to change data between pages.
   */
  insert(resource: Resource, customerPublicId?: string): string {
    // Created now, as a real API's new record is: the newest of every row, never updated yet.
    const now = this.now();
    const created = <R extends BaseRow>(row: R): R => ({ ...row, createdAt: now, updatedAt: null });
    if (resource === 'customers') {
      return formatId(resource, this.tables.customers.add((id) => created(this.factory.customer(id))).id);
    }
    const owner = customerPublicId === undefined ? this.randomCustomer() : this.customer(customerPublicId);
    if (!owner) throw new RangeError(`no customer ${customerPublicId ?? ''} to attach a row to`);
    const row =
      resource === 'contacts'
        ? this.tables.contacts.add((id) => created(this.factory.contact(id, owner)))
        : this.tables.agreements.add((id) => created(this.factory.agreement(id, owner)));
    return formatId(resource, row.id);
  }

  /**
   * Renames one row by public id (a customer's or agreement's name, a contact's last name) and moves
   * its `updatedAt` to now, as an API's update does: the hook tests use to change data between reads.
   */
  rename(resource: Resource, publicId: string, name: string): boolean {
    const id = parseId(resource, publicId);
    if (id === undefined) return false;
    const now = this.now();
    return this.tables[resource].update(id, (row) => {
      row.name = name;
      if ('lastName' in row) (row as { lastName: string }).lastName = name;
      row.updatedAt = now;
    });
  }

  /**
   * The Demo's "now", in epoch seconds: its clock (the one its answers' `Date` says, as a real API
   * stamps a change with its own clock), and a second after the latest instant any row holds (found
   * once) and after the change before, so what changes now is the newest, however many change at once.
   */
  private now(): number {
    this.latest ??= Math.max(...RESOURCES.map((resource) => this.tables[resource].latestInstant()));
    this.latest = Math.max(this.latest + 1, Math.floor(Date.now() / 1000));
    return this.latest;
  }

  /** Removes one row by public id (a customer takes its contacts and agreements with it). */
  remove(resource: Resource, publicId: string): boolean {
    const id = parseId(resource, publicId);
    if (id === undefined) return false;
    const removed = this.tables[resource].removeWhere((row) => row.id === id) > 0;
    if (removed && resource === 'customers') {
      this.tables.contacts.removeWhere((row) => row.customerId === id);
      this.tables.agreements.removeWhere((row) => row.customerId === id);
    }
    return removed;
  }

  private randomCustomer(): CustomerRow | undefined {
    const customers = this.tables.customers;
    return customers.size === 0 ? undefined : customers.at(this.factory.index(customers.size));
  }
}
