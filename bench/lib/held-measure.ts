// The three lists of a desk held by the HeldRows of the tree at argv[2] (this repository, or a
// worktree of an earlier commit: bench/held-lists.ts runs both in one run), in a process of its
// own: the memory they take (V8's heap and the typed arrays' buffers, after full collections), the
// time to take them in, and searches over them (key → matches, as the core answers search.rows).
// The data is this repository's Demo at a desk's size, the same for every tree. Prints JSON.
// Run: node --expose-gc --max-old-space-size=4096 --import tsx bench/lib/held-measure.ts ROOT
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RowFactory, generateDataset } from '../../electron/demo-api/generate.js';
import { toRecord } from '../../electron/demo-api/rows.js';
import { percentiles } from './report.js';

const root = resolve(process.argv[2] ?? '.');
const SIZE = { customers: 100_000, contacts: 250_000, agreements: 300_000 };
const RESOURCES = ['customers', 'contacts', 'agreements'] as const;
type Rows = {
  length: number;
  append(records: unknown[]): void;
  // Its shape changed: { words, digits } at 92c6207, a parsed query since.
  columns: unknown;
  prepareSerials?: (pause: () => Promise<void>) => Promise<void>;
  prepareIndexes?: (pause: () => Promise<void>) => Promise<void>;
  search?: (query: unknown) => { prepare(): unknown };
};
type Search = { key: string };
interface Tree {
  HeldRows: new () => Rows;
  compileSearch: (filter: unknown[], kindOf: () => string, labelOf: undefined) => Search;
  matchesOf: (rows: Rows, search: Search, sort: string | undefined) => Promise<ArrayLike<number>>;
  prepareDictionaryText?: (columns: unknown, reading: { key: string }) => Promise<void>;
  exerciseSearch?: (rows: Rows, reading: { key: string }, pause: () => Promise<void>) => Promise<void>;
}
const load = async (path: string) =>
  (await import(pathToFileURL(join(root, path)).href)) as Record<string, unknown>;
const tree = {
  ...(await load('electron/core/search/columns/held-rows.ts')),
  ...(await load('electron/core/search/list-query.ts')),
  ...(await load('electron/core/search/columns/rows-reading.ts')),
  // Since its search's code is exercised once a list is held.
  ...(await load('electron/core/search/columns/search-exercise.ts').catch(() => ({}))),
} as unknown as Tree;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const kept = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

const data = generateDataset(new RowFactory(1, '2026-01-01'), SIZE);
// The pages as the API sends them, text made before measuring: only what is held is counted.
const pages = Object.fromEntries(
  RESOURCES.map((resource) => {
    const rows = data[resource] as Parameters<(typeof toRecord)[typeof resource]>[0][];
    const texts: string[] = [];
    for (let at = 0; at < rows.length; at += 500)
      texts.push(
        JSON.stringify(
          rows
            .slice(at, at + 500)
            .map((row) => (toRecord[resource] as (row: unknown, lang: 'en') => unknown)(row, 'en')),
        ),
      );
    return [resource, texts];
  }),
) as Record<(typeof RESOURCES)[number], string[]>;
const sample = {
  customer: toRecord.customers(data.customers[87_654]!, 'en'),
  contact: toRecord.contacts(data.contacts[200_001]!, 'en'),
  agreement: toRecord.agreements(data.agreements[271_828]!, 'en'),
};
data.customers.length = 0;
data.contacts.length = 0;
data.agreements.length = 0;

const before = kept();
const started = performance.now();
const held = {} as Record<(typeof RESOURCES)[number], Rows>;
for (const resource of RESOURCES) {
  held[resource] = new tree.HeldRows();
  for (const page of pages[resource]) held[resource].append(JSON.parse(page) as unknown[]);
  // What the app does once a list is read whole, where the tree has it (HeldLists.settle), as it had it.
  if (tree.prepareDictionaryText) await tree.prepareDictionaryText(held[resource].columns, { key: '' });
  else await held[resource].search?.({ words: [], digits: [], clauses: [], notes: [] }).prepare();
  // prepareSerials until the texts' sketches came with the ids' numbers.
  await (held[resource].prepareIndexes ?? held[resource].prepareSerials)?.call(
    held[resource],
    async () => {},
  );
  await tree.exerciseSearch?.(held[resource], { key: '' }, async () => {});
}
const takeInMs = performance.now() - started;
const heapMiB = (kept() - before) / 2 ** 20;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const plain = (value: unknown) => text(value).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const queries: [(typeof RESOURCES)[number], string][] = [
  ['customers', text(sample.customer.id)],
  ['customers', text(sample.customer.id).slice(0, 9)],
  ['customers', plain(sample.customer.name)],
  ['customers', plain(sample.customer.name).split(' ').reverse().join(' ')],
  ['customers', text(sample.customer.phone).replace(/\s/g, '')],
  ['customers', text(sample.customer.email)],
  ['customers', 'marseille sa'],
  ['customers', 'berenger'],
  ['contacts', text(sample.contact.id)],
  ['contacts', text(sample.contact.email)],
  ['contacts', text(sample.contact.phone ?? '06 12 34 56 78')],
  ['contacts', `${plain(sample.contact.firstName)} ${plain(sample.contact.lastName)}`],
  ['contacts', 'legal counsel'],
  ['agreements', text(sample.agreement.id)],
  ['agreements', text(sample.agreement.customerId)],
  ['agreements', 'pro 2020'],
  ['agreements', 'terminated'],
  ['agreements', '2024-03'],
  ['agreements', text(sample.agreement.name)],
  ['agreements', 'zzzz none'],
];
const searchMs: number[] = [];
const samples: { query: string; ms: number }[] = [];
// Five rounds of every query, each compiled anew (a search typed again is judged again: nothing
// kept of the one before); the machine's noise is in the samples, the same for every tree.
for (let round = 0; round < 5; round++)
  for (const [resource, query] of queries) {
    const search = tree.compileSearch(
      [{ field: '*', op: 'contains', value: query + ' '.repeat(round) }],
      () => 'text',
      undefined,
    );
    const asked = performance.now();
    await tree.matchesOf(held[resource], search, undefined);
    searchMs.push(performance.now() - asked);
    samples.push({ query: `${resource}: ${query}`, ms: searchMs.at(-1)! });
    if (process.env.HELD_MEASURE_EACH && round === 4)
      console.error(resource, query, (performance.now() - asked).toFixed(1));
  }
const { median, p95 } = percentiles(searchMs);
// The slowest searches, each query once at its slowest: what the p95 is made of.
const slowest = [...samples]
  .sort((a, b) => b.ms - a.ms)
  .filter((sample, index, sorted) => sorted.findIndex((other) => other.query === sample.query) === index)
  .slice(0, 4)
  .map(({ query, ms }) => `${query} ${ms.toFixed(0)} ms`);
process.stdout.write(
  `${JSON.stringify({ heapMiB, takeInMs, searchMedianMs: median, searchP95Ms: p95, slowest, rows: RESOURCES.map((resource) => held[resource].length) })}\n`,
);
