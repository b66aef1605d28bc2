import { RESOURCES, type Resource } from '../shared/api-rules.js';
import { formatId } from './rows.js';
import { createRandom, type Random } from './random.js';
import type { DemoStore } from './store.js';

/** What a change did, as `cdb serve-demo` says it on stderr (ids only: no value). */
export interface DemoChange {
  kind: 'renamed' | 'new' | 'gone';
  resource: Resource;
  id: string;
}

/** The changes a day brings, in the shares an office sees them: mostly edits, some new records, few gone. */
const KINDS: readonly DemoChange['kind'][] = [
  'renamed',
  'renamed',
  'renamed',
  'renamed',
  'new',
  'new',
  'gone',
];

/**
 * Changes the Demo's records as a real API's change overnight, `perMinute` a minute (seeded: the same
 * seed gives the same changes in the same order): a record renamed (its updatedAt now), a new one
 * (created now), one gone (a contact or an agreement; a customer takes its own with it). The app's
 * catch-ups, its "what changed" bar and the tests see them as they would a real API's. Stops with
 * the returned function.
 */
export function changeAtPace(
  store: DemoStore,
  perMinute: number,
  seed: number,
  onChange?: (change: DemoChange) => void,
): () => void {
  const random = createRandom(seed ^ 0x6e69_6768);
  const timer = setInterval(() => {
    const change = changeOne(store, random);
    if (change) onChange?.(change);
  }, 60_000 / perMinute);
  // A Demo that changes its records never keeps a process alive on that account.
  timer.unref();
  return () => clearInterval(timer);
}

/** One change of `store`'s records; undefined when the list it fell on is empty. */
export function changeOne(store: DemoStore, random: Random): DemoChange | undefined {
  const kind = random.pick(KINDS);
  const resource =
    kind === 'gone' ? random.pick(['contacts', 'agreements'] as const) : random.pick(RESOURCES);
  if (kind === 'new') return { kind, resource, id: store.insert(resource) };
  const table = store.tables[resource];
  if (table.size === 0) return undefined;
  const row = table.at(random.int(0, table.size - 1));
  if (!row) return undefined;
  const id = formatId(resource, row.id);
  if (kind === 'gone') return store.remove(resource, id) ? { kind, resource, id } : undefined;
  // Renamed after another record of its list: a name as real as the first.
  const other = table.at(random.int(0, table.size - 1));
  const name = other && ('lastName' in other ? other.lastName : other.name);
  return name !== undefined && store.rename(resource, id, name) ? { kind, resource, id } : undefined;
}
