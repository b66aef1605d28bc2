// The lead's list of an agent's day at a desk's real size: 300,000 agreements filtered on their
// customer's columns (100,000 customers held), each step a first answer (no result kept from
// before), beside the cheapest comparable thing this engine does, a plain word over the same
// agreements' own fields (the floor). Three runs, each on lists made anew, in one process.
// Run: node --expose-gc --import tsx bench/customer-columns.ts
import { generateDataset, RowFactory } from '../electron/demo-api/generate.js';
import { toRecord } from '../electron/demo-api/rows.js';
import type { ApiClient } from '../electron/core/api/api-client.js';
import { CustomerJoin } from '../electron/core/search/customer-join.js';
import { HeldList, listKey } from '../electron/core/search/lists/held-list-state.js';
import { heldViewRows } from '../electron/core/search/held-view.js';
import { demoFields } from '../electron/core/testing/held-demo.js';
import { ANY_FIELD, type FilterCondition } from '../electron/shared/filter.js';
import type { ApiRecord } from '../electron/shared/schema.js';
import { percentiles, report, type Figure } from './lib/report.js';

const stage = (what: string) => console.error(`bench/customer-columns: ${what}`);
const source = { connectionId: 'bench', client: {} as ApiClient };

/** A list held whole as core holds one read in 500-row pages, with its schema's fields. */
function held(resource: 'customers' | 'agreements', records: ApiRecord[]): HeldList {
  const view = { resource };
  const list = new HeldList(listKey(source.connectionId, view), source, view, 'en');
  for (const lang of ['en', 'fr'] as const) list.fields.set(lang, demoFields(resource, lang));
  for (let at = 0; at < records.length; at += 500) list.rows.append(records.slice(at, at + 500));
  list.state = 'held';
  return list;
}

stage('making 100,000 customers and 300,000 agreements');
const { customers, agreements } = generateDataset(new RowFactory(1, '2026-01-01'), {
  customers: 100_000,
  contacts: 0,
  agreements: 300_000,
});
const customerRecords = customers.map((row) => toRecord.customers(row, 'en'));
const agreementRecords = agreements.map((row) => toRecord.agreements(row, 'en'));

const words = (text: string): FilterCondition => ({ field: ANY_FIELD, op: 'contains', value: text });
const LEAD: FilterCondition[] = [
  { field: 'customer.city', op: 'eq', value: 'Lyon' },
  { field: 'customer.type', op: 'eq', value: 'company' },
  { field: 'engagement', op: 'between', value: '0..60' },
];
/** The agent's steps: each filter as the table asks it, one after the other. */
const STEPS: { name: string; filter: FilterCondition[] }[] = [
  { name: 'City (customer) is Lyon', filter: LEAD.slice(0, 1) },
  { name: '+ Type (customer) is Company', filter: LEAD.slice(0, 2) },
  { name: '+ Days to commitment end 0–60', filter: LEAD },
  { name: '+ active OR "pending signature"', filter: [...LEAD, words('active OR "pending signature"')] },
  { name: '+ -draft', filter: [...LEAD, words('active OR "pending signature" -draft')] },
  { name: 'lyon (plain word, the customer’s city)', filter: [words('lyon')] },
  { name: 'city:lyon type:company', filter: [words('city:lyon type:company')] },
];
/** The floor: a plain word over the agreements' own fields, as many rows searched. */
const FLOOR = [words('entreprise')];

const stepMs = new Map<string, number[]>();
const floorMs: number[] = [];
for (let run = 1; run <= 3; run++) {
  stage(`run ${run}: holding the lists`);
  const customerList = held('customers', customerRecords);
  const agreementList = held('agreements', agreementRecords);
  const timed = async (filter: FilterCondition[]) => {
    const join = new CustomerJoin(customerList, 'en');
    const started = performance.now();
    const { matches } = await heldViewRows(agreementList, 'en', filter, undefined, undefined, join);
    return { ms: performance.now() - started, matches: matches.length };
  };
  // The dictionaries' text, made in the background once a list is read (held-lists.ts, settle).
  await timed([words('warm up')]);
  const floor = await timed(FLOOR);
  floorMs.push(floor.ms);
  for (const { name, filter } of STEPS) {
    const { ms, matches } = await timed(filter);
    stepMs.set(name, [...(stepMs.get(name) ?? []), ms]);
    stage(`${name}: ${ms.toFixed(0)} ms (${matches} matches)`);
  }
}

const floor = percentiles(floorMs).median;
const figures: Figure[] = [
  { figure: 'floor: a plain word over 300,000 agreements, p50', value: floor, unit: 'ms' },
];
for (const [name, samples] of stepMs) {
  const median = percentiles(samples).median;
  figures.push({ figure: `${name}, p50`, value: median, unit: 'ms', target: '< 1000' });
  figures.push({ figure: '  ÷ the floor', value: median / floor, unit: '×' });
}
report('customer-columns', figures);
